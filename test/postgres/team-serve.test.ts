// Issue 25, the team set-up end to end with real processes on one PostgreSQL database:
// `cairn index --store URL` publishes the shop fixture's index; two `cairn serve --store URL`
// replicas, each with an index directory of its own (as on two machines), answer the same
// searches and packages; a conversation hydrated through one and then the other (and
// through `cairn mcp` on a third process) continues its episode sequence; a failure recorded through one process is found through another;
// a re-index published by a third process reaches both replicas.

import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli } from '../support/cli.js';
import { pgUrl } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { SHOP_BUNDLE } from '../support/shop-handoff.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };

describe.skipIf(url === null)('postgres: two cairn serve replicas on one database', () => {
  let repo: TempDir;
  let work: TempDir;
  let replicas: ServeProcess[] = [];
  let mcp: Client;

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    work = tempDir('cairn-team-');
    const indexed = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'indexer')], { env: ENV });
    expect(indexed.stderr).not.toMatch(/error/i);
    expect(indexed.code).toBe(0);
    expect(indexed.stdout).toMatch(/published generation 1 of cairn-shop-\w+ \([\d.]+ MiB\) to PostgreSQL/);
    replicas = await Promise.all(['a', 'b'].map((name) => startServe(['--store', url!, '--repo', repo.path, '--index-dir', join(work.path, `replica-${name}`)], ENV)));
    const args = [CAIRN_BIN, 'mcp', '--store', url!, '--repo', repo.path, '--index-dir', join(work.path, 'replica-mcp')];
    mcp = new Client({ name: 'team-test', version: '1' });
    await mcp.connect(new StdioClientTransport({ command: process.execPath, args, env: { ...(process.env as Record<string, string>), CAIRN_INDEX_DIR: '', CAIRN_DATABASE_URL: '', CI: '1' }, stderr: 'pipe' }));
  }, 120_000);

  afterAll(async () => {
    await mcp?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    repo?.remove();
    work?.remove();
  });

  it('answer the same search and the same package from the published generation', async () => {
    const searches = await Promise.all(replicas.map((replica) => replica.post('/retrieval/search', { query: 'cart total discount', limit: 5 })));
    for (const search of searches) expect(search.status).toBe(200);
    expect(searches[0]!.json).toEqual(searches[1]!.json);
    expect(JSON.stringify(searches[0]!.json)).toContain('shop/cart.py');
    const task = 'Cart.total applies the discount after tax';
    const packages = await Promise.all(replicas.map((replica) => replica.post('/retrieval/context', { task, max_tokens: 4000, format: 'json' })));
    const items = packages.map(({ status, json }) => {
      expect(status).toBe(200);
      return ((json['package'] as { items: { path: string; start_line?: number }[] }).items).map((item) => [item.path, item.start_line]);
    });
    expect(items[0]!.length).toBeGreaterThan(0);
    expect(items[0]).toEqual(items[1]);
  });

  it('continue a conversation hydrated through one replica and then the other', async () => {
    const first = await replicas[0]!.post('/hydrate', { query: 'cart total', conversation_id: 'team-1', max_tokens: 2000, format: 'json' });
    const second = await replicas[1]!.post('/hydrate', { query: 'apply discount', conversation_id: 'team-1', max_tokens: 2000, format: 'json' });
    const third = await replicas[0]!.post('/hydrate', { query: 'payment gateway charge', conversation_id: 'team-1', max_tokens: 2000, format: 'json' });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect([first.json['sequence'], second.json['sequence'], third.json['sequence']]).toEqual([1, 2, 3]);
    // The MCP face on a third process takes the fourth turn; the next one through HTTP is the fifth.
    const viaMcp = (await mcp.callTool({ name: 'get_context', arguments: { task: 'price formatting', conversation_id: 'team-1', max_tokens: 2000 } })) as CallToolResult;
    expect(viaMcp.isError ?? false).toBe(false);
    const fifth = await replicas[1]!.post('/hydrate', { query: 'cart item quantity', conversation_id: 'team-1', max_tokens: 2000, format: 'json' });
    expect(fifth.json['sequence']).toBe(5);
    // The second replica knew what the first had shown: blocks hydrated before are not new.
    const shownFirst = new Set((first.json['blocks'] as { entity_key: string }[]).map((block) => block.entity_key));
    const again = (second.json['blocks'] as { entity_key: string; status: string }[]).filter((block) => shownFirst.has(block.entity_key));
    for (const block of again) expect(block.status).not.toBe('new');
  });

  it('find through one process a failure recorded through another', async () => {
    work.write('bundle.json', JSON.stringify(SHOP_BUNDLE));
    repo.write('ci-run/build.attempt-1.log', 'collecting\nFAILED tests/test_cart.py\n');
    const recorded = await runCli(['failures', 'record', '--bundle', join(work.path, 'bundle.json'), '--resolution', 'reject zero quantities in the importer',
      '--repo', repo.path, '--store', url!, '--index-dir', join(work.path, 'recorder')], { env: ENV });
    expect(recorded.code).toBe(0);
    const diagnosed = await replicas[1]!.post('/diagnose', { bundle: { ...SHOP_BUNDLE, error_message: 'ValueError: quantity must be positive (got -2)' }, run_dir: 'ci-run', phase: 'build', always: true });
    expect(diagnosed.json['error'] ?? null).toBeNull();
    expect(diagnosed.status).toBe(200);
    expect(JSON.stringify(diagnosed.json)).toContain('reject zero quantities in the importer');
    const listed = await runCli(['failures', 'list', '--json', '--repo', repo.path, '--store', url!, '--index-dir', join(work.path, 'lister')], { env: ENV });
    expect((JSON.parse(listed.stdout) as { resolution: string }[]).map((entry) => entry.resolution)).toEqual(['reject zero quantities in the importer']);
  });

  it('move to a generation a third process publishes, both alike', async () => {
    repo.write('shop/refunds.py', 'def refund_partial_shipment(order_id: str, amount: float) -> dict:\n    """Refunds part of a shipped order."""\n    return {"order": order_id, "refunded": amount}\n');
    const reindexed = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'indexer')], { env: ENV });
    expect(reindexed.stdout).toContain('published generation 2 of');
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // replicas look for a newer generation at most once a second
    const query = { query: 'refund partial shipment', limit: 3 };
    await Promise.all(replicas.map((replica) => replica.post('/retrieval/search', query))); // the look that notices it
    const searches = await Promise.all(replicas.map((replica) => replica.post('/retrieval/search', query)));
    expect(JSON.stringify(searches[0]!.json)).toContain('shop/refunds.py');
    expect(searches[0]!.json).toEqual(searches[1]!.json);
  });
});
