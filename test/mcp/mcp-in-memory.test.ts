// The MCP server in-process, through the SDK's linked in-memory transport: answers capped
// with a note on what was left out, refinement through get_context, and calls that see the
// edits the watcher reported.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openRepo } from '../../src/app/repo.js';
import { openServed } from '../../src/app/serve.js';
import { createMcpServer } from '../../src/faces/mcp/server.js';
import { silentLogging } from '../../src/logging/logger.js';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const counter = createO200kCounter();

async function serve(repo: TempDir, options: { maxTokens: number; watch: boolean }): Promise<Client> {
  const context = await openRepo({ repo: repo.path, env: {} });
  const set = await openServed([{ name: 'default', context }], { logger: silentLogging().logger, env: {}, watch: options.watch });
  cleanups.push(() => set.close());
  await set.repos[0]!.live?.ready;
  const server = createMcpServer({ repo: Promise.resolve(set.repos[0]!), counter, maxTokens: options.maxTokens, logger: silentLogging().logger, version: 'test' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'in-memory', version: '1' });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return client;
}

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push(() => repo.remove());
  return repo;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content[0]?.type === 'text' ? result.content[0].text : '';
}

describe('cairn mcp in-process (InMemoryTransport)', () => {
  it('keeps every answer under the cap and says what it left out and how to get more', async () => {
    const repo = shop();
    const lines = Array.from({ length: 3000 }, (_, i) => `    total_${i} = add(total_${i - 1}, ${i})  # running sum`);
    repo.write('shop/ledger.py', `def reconcile(total_0):\n${lines.join('\n')}\n    return total_2999\n`);
    const client = await serve(repo, { maxTokens: 1000, watch: false });

    const read = await call(client, 'read_symbol', { target: 'reconcile' });
    expect(read.isError ?? false).toBe(false);
    expect(counter.count(JSON.stringify(read.structuredContent))).toBeLessThanOrEqual(1000);
    expect(counter.count(textOf(read))).toBeLessThanOrEqual(1000);
    const omitted = String((read.structuredContent as { omitted: string }).omitted);
    expect(omitted).toMatch(/^lines \d+-3002 not shown: call read_symbol with start_line \d+$/);

    const next = Number(/start_line (\d+)/.exec(omitted)![1]);
    const more = await call(client, 'read_symbol', { target: 'shop/ledger.py', start_line: next, end_line: next + 5 });
    expect((more.structuredContent as { lines: number[] }).lines).toEqual([next, next + 5]);

    const context = await call(client, 'get_context', { task: 'reconcile the running totals in the ledger: total_17 is off by one', max_tokens: 1000 });
    const package_ = context.structuredContent as { task_id: string; items: unknown[]; omitted?: string };
    expect(counter.count(JSON.stringify(package_))).toBeLessThanOrEqual(1000);
    expect(counter.count(textOf(context))).toBeLessThanOrEqual(1000);
    expect(package_.omitted).toMatch(/left out for the budget .*raise max_tokens/);
  });

  it('refines an answer with what it lacked (task_id and missing), under the same task id', async () => {
    const repo = shop();
    const client = await serve(repo, { maxTokens: 8000, watch: false });
    const first = await call(client, 'get_context', { task: 'Charging a card fails with PaymentError', max_tokens: 2000 });
    const { task_id } = first.structuredContent as { task_id: string };
    expect(first.structuredContent).toMatchObject({ match: 'strong' });
    expect((first.structuredContent as { items: { path: string }[] }).items.map((item) => item.path)).not.toContain('web/src/format.ts');
    const refined = await call(client, 'get_context', { task_id, missing: ['web/src/format.ts', 'formatPrice'] });
    expect(refined.isError ?? false).toBe(false);
    const items = (refined.structuredContent as { task_id: string; items: { path: string }[] });
    expect(items.task_id).toBe(task_id);
    expect(items.items.map((item) => item.path)).toContain('web/src/format.ts');
    const noTask = await call(client, 'get_context', { max_tokens: 2000 });
    expect(noTask.isError).toBe(true);
    expect(textOf(noTask)).toContain('get_context: task is missing');
  });

  it('takes section_shares for get_context: honoured within the cap, refused when they sum above 1', async () => {
    const repo = shop();
    const client = await serve(repo, { maxTokens: 3000, watch: false });
    const shares = { primary: 0.6, supporting: 0.25, historical: 0.05, supplementary: 0.1 };
    const shared = await call(client, 'get_context', { task: 'The total is wrong: look at `Cart.total`', max_tokens: 2000, section_shares: shares });
    expect(shared.isError ?? false, textOf(shared)).toBe(false);
    expect(counter.count(textOf(shared))).toBeLessThanOrEqual(2000);
    expect(textOf(shared)).toContain('def total');
    const over = await call(client, 'get_context', { task: 'The total is wrong', section_shares: { primary: 0.9, supplementary: 0.2 } });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toContain('section_shares: the shares sum to 1.1, more than 1');
  });

  it('carries episode memory across calls of one conversation: a later call shows what changed since', async () => {
    const repo = shop();
    const client = await serve(repo, { maxTokens: 2000, watch: false });
    const first = await call(client, 'get_context', { task: 'The total is wrong: look at `Cart.total`', conversation_id: 'conv-1' });
    expect(first.isError ?? false, textOf(first)).toBe(false);
    const episode = first.structuredContent as { conversation_id: string; episode_id: string; sequence: number; items: { entity_key: string; status: string; text: string }[] };
    expect(episode).toMatchObject({ conversation_id: 'conv-1', sequence: 1 });
    expect(episode.items.find((item) => item.entity_key === 'shop/cart.py::Cart.total')).toMatchObject({ status: 'new' });
    expect(counter.count(JSON.stringify(first.structuredContent))).toBeLessThanOrEqual(2000);
    expect(counter.count(textOf(first))).toBeLessThanOrEqual(2000);
    expect(textOf(first)).toContain('## shop/cart.py::Cart.total');

    repo.write('shop/cart.py', readFileSync(join(repo.path, 'shop/cart.py'), 'utf8').replace('TAX_RATE), 2)', 'TAX_RATE), 3)'));
    const second = await call(client, 'get_context', { task: 'Now the gateway `charge`', conversation_id: 'conv-1' });
    const later = second.structuredContent as typeof episode;
    expect(later.sequence).toBe(2);
    expect(later.items.find((item) => item.entity_key === 'shop/cart.py::Cart.total')).toMatchObject({ status: 'changed', since_episode: episode.episode_id });
    expect(textOf(second)).toContain('changed since you saw it');

    const other = await call(client, 'get_context', { task: 'Now the gateway `charge`', conversation_id: 'conv-2' });
    // Another conversation saw nothing before: its first episode, everything new to it.
    expect((other.structuredContent as typeof episode).sequence).toBe(1);
    expect((other.structuredContent as typeof episode).items.every((item) => item.status === 'new')).toBe(true);

    const mixed = await call(client, 'get_context', { task_id: 'task-x', missing: ['formatPrice'], conversation_id: 'conv-1' });
    expect(mixed.isError).toBe(true);
    expect(textOf(mixed)).toContain('conversation_id cannot refine a task_id');
    const badId = await call(client, 'get_context', { task: 'Cart.total', conversation_id: '../conv' });
    expect(badId.isError).toBe(true);
    expect(textOf(badId)).toContain('conversation id "../conv" is not usable');
  });

  it('answers search_code with repos on the embedded store with one line saying it needs PostgreSQL', async () => {
    const client = await serve(shop(), { maxTokens: 8000, watch: false });
    const across = await call(client, 'search_code', { query: 'cart total', repos: '*' });
    expect(across.isError).toBe(true);
    expect(textOf(across)).toMatch(/^repos searches the repositories published in a PostgreSQL store.*\[USAGE\]$/);
    const empty = await call(client, 'search_code', { query: 'cart total', repos: 'a,,b' });
    expect(textOf(empty)).toMatch(/^search_code: repos takes names separated by commas/);
  });

  it('sees an edit the watcher reported before it answers (the call waits for that refresh)', async () => {
    const repo = shop();
    const client = await serve(repo, { maxTokens: 8000, watch: true });
    expect(((await call(client, 'search_code', { query: 'settle_invoice_now' })).structuredContent as { results: { symbol?: string }[] }).results.some((row) => row.symbol === 'settle_invoice_now')).toBe(false);
    repo.write('shop/invoices.py', 'def settle_invoice_now(invoice):\n    return invoice.total\n');
    let found = false;
    // The watcher reports the file within moments; the first call after that waits for the refresh.
    for (let attempt = 0; attempt < 100 && !found; attempt++) {
      const rows = ((await call(client, 'search_code', { query: 'settle_invoice_now' })).structuredContent as { results: { symbol?: string }[] }).results;
      found = rows.some((row) => row.symbol === 'settle_invoice_now');
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toBe(true);
  });
});
