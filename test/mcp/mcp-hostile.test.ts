// Issue 22, bad input over MCP, through `cairn mcp` as an agent runs it (the SDK's client
// spawning the built binary, and raw lines on its stdin): a 17 MB message line made it exit
// 0 without a word (the client saw a broken pipe); arguments nested 100,000 deep came back
// as `isError … [INTERNAL]`. Each test is named after the defect.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../support/cli.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const ENV = { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' };

describe('cairn mcp under hostile input (issue 22)', () => {
  let repo: TempDir;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    transport = new StdioClientTransport({ command: process.execPath, args: [CAIRN_BIN, 'mcp', '--repo', repo.path, '--no-watch'], env: ENV, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'hostile', version: '1' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    repo.remove();
  });

  it('a 17 MB message line made cairn mcp exit 0 silently: now a JSON-RPC error for that call, and the server goes on', async () => {
    let refused: unknown;
    try {
      await client.callTool({ name: 'search_code', arguments: { query: 'x'.repeat(17 * 1024 * 1024) } });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(-32600);
    expect((refused as McpError).message).toMatch(/message of \d+ bytes is over the 8388608-byte limit/);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    const search = (await client.callTool({ name: 'search_code', arguments: { query: 'cart total' } })) as CallToolResult;
    expect(search.isError ?? false).toBe(false);
    expect(transport.pid).not.toBeNull();
    expect(stderr).toContain('a message was refused');
  }, 60_000);
});

/** `cairn mcp` with raw lines on its stdin and its answers parsed from stdout. */
function rawMcp(repo: TempDir) {
  const child = spawn(process.execPath, [CAIRN_BIN, 'mcp', '--repo', repo.path, '--no-watch'], { env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  const answers: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => answers.push(JSON.parse(line) as Record<string, unknown>));
  return {
    child,
    answers,
    send: (line: string) => child.stdin.write(`${line}\n`),
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (answers.length >= count ? resolve() : setTimeout(check, 20));
        check();
      }),
  };
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

describe('cairn mcp reading raw lines', () => {
  it('arguments nested 100,000 deep were isError [INTERNAL]: now a usage error naming the tool and the limit', async () => {
    const repo = fixtureRepo('shop');
    const mcp = rawMcp(repo);
    try {
      mcp.send(INITIALIZE);
      mcp.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      // Written by hand: JSON.stringify itself cannot nest this deep.
      mcp.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_code","arguments":{"query":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}}}`);
      await mcp.waitFor(2);
      const result = mcp.answers[1] as { id: number; result: CallToolResult };
      expect(result.id).toBe(2);
      expect(result.result.isError).toBe(true);
      const text = result.result.content[0]?.type === 'text' ? result.result.content[0].text : '';
      expect(text).toMatch(/^search_code: the arguments nest arrays or objects more than 64 deep .*\[USAGE\]$/);
    } finally {
      mcp.child.kill();
      repo.remove();
    }
  });

  it('a line that is not JSON, or not JSON-RPC, is answered with a JSON-RPC error and the next request is served', async () => {
    const repo = fixtureRepo('shop');
    const { child, answers, send, waitFor } = rawMcp(repo);
    try {
      send('this is not JSON');
      send('{"id":5,"hello":"world"}');
      send(INITIALIZE.replace('"id":1', '"id":6'));
      await waitFor(3);
      expect(answers[0]).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'parse error: the line is not JSON' } });
      expect(answers[1]).toMatchObject({ jsonrpc: '2.0', id: 5, error: { code: -32600 } });
      expect(answers[2]).toMatchObject({ jsonrpc: '2.0', id: 6, result: { serverInfo: { name: 'cairn' } } });
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
      repo.remove();
    }
  });
});
