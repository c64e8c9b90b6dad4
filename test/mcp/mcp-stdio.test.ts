// `cairn mcp` as an agent runs it: the SDK's own Client spawning the built binary over stdio
// on a copy of the shop fixture — list the tools, call each, a bad argument, a repository
// that does not exist, and progress while the first call builds the index.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { CAIRN_BIN } from '../support/cli.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CAIRN_BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CI: '1' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'cairn-test', version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, stderr: () => stderr };
}

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push(() => repo.remove());
  return repo;
}

function text(result: CallToolResult): string {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

const counter = createO200kCounter();

describe('cairn mcp over stdio (the SDK client spawning the binary)', () => {
  it('lists six tools, builds the index on the first call with progress, and answers every tool', async () => {
    const repo = shop();
    const { client, stderr } = await connect(['--repo', repo.path]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['get_context', 'search_code', 'read_symbol', 'find_references', 'explain', 'diagnose_failure']);
    expect(counter.count(JSON.stringify({ tools }))).toBeLessThan(1500);
    expect(existsSync(join(repo.path, '.cairn', 'index.db'))).toBe(false); // nothing built before the first call

    const progress: { progress: number; message?: string }[] = [];
    const context = (await client.callTool(
      { name: 'get_context', arguments: { task: 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax', max_tokens: 3000 } },
      undefined,
      { onprogress: (event) => progress.push(event) },
    )) as CallToolResult;
    expect(context.isError ?? false).toBe(false);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.map((event) => event.progress)).toEqual([...progress.map((event) => event.progress)].sort((a, b) => a - b));
    expect(progress[0]!.message).toContain('indexing');
    const structured = context.structuredContent as { task_id: string; items: { path: string; symbol: string | null; lines: number[] }[] };
    // The method's code is in the package (as its own item, or inside its class's), once: in the text.
    expect(structured.items.some((item) => item.path === 'shop/cart.py')).toBe(true);
    expect(text(context)).toContain('def total(self)');
    expect(JSON.stringify(structured)).not.toContain('def total');
    // Both parts a client may hand the model fit under the cap together.
    expect(counter.count(JSON.stringify(structured)) + counter.count(text(context))).toBeLessThanOrEqual(3000);

    const search = (await client.callTool({ name: 'search_code', arguments: { query: 'apply_discount' } })) as CallToolResult;
    expect((search.structuredContent as { results: { path: string; symbol?: string }[] }).results[0]).toMatchObject({ path: 'shop/pricing.py', symbol: 'apply_discount' });
    expect(text(search)).toContain('shop/pricing.py:');

    const read = (await client.callTool({ name: 'read_symbol', arguments: { target: 'Cart.total' } })) as CallToolResult;
    expect(read.structuredContent).toMatchObject({ path: 'shop/cart.py', symbol: 'Cart.total' });
    // The code once, in the text block under its path line; the structured part says so (issue 21).
    expect(text(read)).toMatch(/^shop\/cart\.py:\d+-\d+ Cart\.total\n {4}def total\(self\) -> float:/);
    expect(read.structuredContent).not.toHaveProperty('code');
    expect((read.structuredContent as { code_shown_in: string }).code_shown_in).toContain('text content');

    const range = (await client.callTool({ name: 'read_symbol', arguments: { target: 'shop/cart.py', start_line: 1, end_line: 3 } })) as CallToolResult;
    expect((range.structuredContent as { lines: number[] }).lines).toEqual([1, 3]);

    const references = (await client.callTool({ name: 'find_references', arguments: { target: 'shop/cart.py', depth: 1 } })) as CallToolResult;
    const dependents = (references.structuredContent as { dependents: { id: string }[]; tests: string[] });
    expect(dependents.dependents.map((entry) => entry.id)).toContain('shop/payments/gateway.py');
    expect(dependents.tests).toContain('tests/test_cart.py');

    const explained = (await client.callTool({ name: 'explain', arguments: { task_id: structured.task_id, item: 'Cart.total' } })) as CallToolResult;
    const why = explained.structuredContent as { decisions: { stage: string; verdict: string }[]; budget: string[] };
    expect(why.decisions.length).toBeGreaterThan(0);
    expect(why.budget.join('\n')).toMatch(/shown (at|by shop\/cart\.py::Cart\b)/); // its own item, or inside its class's

    // With a conversation id the answer is an episode of episode memory, recorded in the index directory.
    const episode = (await client.callTool({ name: 'get_context', arguments: { task: 'The total is wrong: look at `Cart.total`', conversation_id: 'stdio-1', max_tokens: 3000 } })) as CallToolResult;
    expect(episode.isError ?? false, text(episode)).toBe(false);
    expect(episode.structuredContent).toMatchObject({ conversation_id: 'stdio-1', sequence: 1 });
    expect(text(episode)).toContain('## shop/cart.py::Cart.total');
    expect(existsSync(join(repo.path, '.cairn', 'memory.db'))).toBe(true);

    // The log is on stderr, and says what happened without showing code.
    expect(stderr()).toContain('index refreshed');
    expect(stderr()).not.toContain('def total');
  });

  it('answers a bad argument with a one-line tool error naming it, and an unknown tool with a protocol error', async () => {
    const repo = shop();
    const { client } = await connect(['--repo', repo.path]);
    const bad = (await client.callTool({ name: 'search_code', arguments: { query: 'cart', limit: 500 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/^search_code: limit: 500 is not allowed \(too big: expected number to be <=50\)/);
    expect(text(bad)).not.toContain('\n');
    const unknownKey = (await client.callTool({ name: 'get_context', arguments: { task: 'x', max_token: 10 } })) as CallToolResult;
    expect(text(unknownKey)).toContain('unknown argument max_token');
    const missing = (await client.callTool({ name: 'read_symbol', arguments: { target: 'NoSuchThing' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('NoSuchThing');
    expect(text(missing)).toContain('[NOT_FOUND]');
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool no_such_tool/);
  });

  it('starts on a repository that does not exist, and every call says so in one line', async () => {
    const missing = join(shop().path, 'no-such-folder');
    const { client } = await connect(['--repo', missing]);
    expect((await client.listTools()).tools).toHaveLength(6);
    const result = (await client.callTool({ name: 'get_context', arguments: { task: 'anything' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(`${missing}: no such folder`);
    expect(text(result)).toContain('[INPUT_NOT_FOUND]');
  });
});
