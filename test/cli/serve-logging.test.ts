// The one logger, through the real binary: `--log-level`, `--log-format`, CAIRN_LOG; each
// request logged with the id it returns in X-Request-Id; no file contents at info; and no
// API key or bearer token in any line at any level.

import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../support/cli.js';
import { startModelServer } from '../support/model-server.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Served {
  url: string;
  stderr(): string;
  stop(): Promise<void>;
}

async function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [CAIRN_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, CAIRN_INDEX_DIR: '', CAIRN_LOG: '', CI: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    // stdout holds one line: where the server listens.
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.endsWith('\n')) resolve(stdout.trim());
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited ${code}: ${stderr}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  return { url, stderr: () => stderr, stop };
}

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push(() => repo.remove());
  return repo;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const CODE_LINES = ['def total(self) -> float:', 'apply_discount(self.subtotal(), self.discount_code)', 'return round(discounted * (1 + TAX_RATE), 2)'];

describe('cairn serve logging', () => {
  it('logs each request as JSON with the id it returns, and no file contents at info', async () => {
    const repo = shop();
    const server = await serve(['--repo', repo.path, '--log-format', 'json']);
    const response = await post(`${server.url}/retrieval/context`, { task: 'Cart.total applies the discount after tax' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('def total(self)'); // the answer has the code ...
    const id = response.headers.get('x-request-id')!;
    await server.stop();
    const lines = server.stderr().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line['requestId'] === id)).toMatchObject({ level: 'info', msg: 'request', route: '/retrieval/context', status: 200 });
    for (const code of CODE_LINES) expect(server.stderr()).not.toContain(code); // ... the log does not
  });

  it('takes the level and format from CAIRN_LOG, and the flags over it', async () => {
    const repo = shop();
    const quiet = await serve(['--repo', repo.path], { CAIRN_LOG: 'warn' });
    await post(`${quiet.url}/retrieval/search`, { query: 'cart' });
    await quiet.stop();
    expect(quiet.stderr()).not.toContain('request');
    const text = await serve(['--repo', repo.path, '--log-level', 'info'], { CAIRN_LOG: 'warn,text' });
    await post(`${text.url}/retrieval/search`, { query: 'cart' });
    await text.stop();
    expect(text.stderr()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request \{.*"route":"\/retrieval\/search"/m);
  });

  it('writes no API key and no bearer token in any line, even at trace', async () => {
    const key = 'sk-test-key-never-logged-4c2a9f';
    const token = 'bearer-token-never-logged-81d3e0';
    const model = await startModelServer({
      apiKey: key,
      chat: (call) => {
        const system = call.messages[0]!.content;
        if (system.startsWith('You read tasks')) return { content: JSON.stringify({ summary: 'Fix the order.', task_type: 'bug_fix', keywords: [] }) };
        const numbers = [...call.messages[call.messages.length - 1]!.content.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
        return { content: JSON.stringify({ verdicts: numbers.map((n) => ({ n, class: 'relevant' })) }) };
      },
    });
    cleanups.push(() => model.close());
    const repo = shop();
    repo.write('cairn.yaml', `llm:\n  provider: openai\n  model: test-model\n  baseUrl: ${model.url}\n  apiKeyEnv: SHOP_TEST_API_KEY\n`);
    const server = await serve(['--repo', repo.path, '--log-level', 'trace', '--token', token], { SHOP_TEST_API_KEY: key });
    const answer = await post(`${server.url}/retrieve`, { task: 'Cart.total applies the discount after tax' }, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(model.chatCalls.length).toBeGreaterThan(0); // the key was sent to the model (a wrong one gets 401)
    const refused = await post(`${server.url}/retrieval/search`, { query: 'x' }, { authorization: `Bearer ${token}-wrong` });
    expect(refused.status).toBe(401);
    await server.stop();
    expect(server.stderr().split('\n').length).toBeGreaterThan(5);
    expect(server.stderr()).not.toContain(key);
    expect(server.stderr()).not.toContain(token);
  });
});
