// `cairn migrate --to postgres://…` on a repository used with the embedded store: its index,
// episode memory, failure memory, sessions and raw log land in PostgreSQL as they were —
// every table's row count and content hash the same read back, `cairn explain` and
// `cairn memory export` giving the same output from either store, a conversation going on
// where it stopped — and a database that already holds the repository is refused unless
// --replace.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { pgUrl } from '../support/postgres.js';
import { SHOP_BUNDLE } from '../support/shop-handoff.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };

interface Report {
  repository: string;
  generation: number | null;
  replaced: boolean;
  tables: { table: string; sourceRows: number; targetRows: number; sourceSha256: string; targetSha256: string }[];
}

describe.skipIf(url === null)('cairn migrate --to postgres://…', () => {
  let repo: TempDir;
  let files: TempDir;
  let taskId: string;
  const cli = (args: string[]) => runCli([...args, '--repo', repo.path], { env: ENV });

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    files = tempDir('cairn-migrate-');
    files.write('bundle.json', JSON.stringify(SHOP_BUNDLE));
    taskId = 'migrated-task';
    expect((await cli(['retrieve', 'Cart.total applies the discount after tax', '--task-id', taskId])).code).toBe(0);
    for (const query of ['cart total', 'apply discount']) expect((await cli(['hydrate', query, '--conversation', 'm1'])).code).toBe(0);
    expect((await cli(['failures', 'record', '--bundle', join(files.path, 'bundle.json'), '--resolution', 'check quantities first'])).code).toBe(0);
  }, 120_000);

  afterAll(() => {
    repo.remove();
    files.remove();
  });

  it('moves every table without loss, checked by row counts and hashes', async () => {
    const migrated = await cli(['migrate', '--to', url!, '--json']);
    expect(migrated.stderr).toBe('');
    expect(migrated.code).toBe(0);
    const report = JSON.parse(migrated.stdout) as Report;
    expect(report).toMatchObject({ generation: 1, replaced: false });
    const rows = Object.fromEntries(report.tables.map((table) => [table.table, table.sourceRows]));
    for (const table of ['index.db (generation)', 'memory.episodes', 'memory.blocks', 'memory.artifacts', 'failures', 'sessions', 'raw_log']) expect(rows[table]).toBeGreaterThan(0);
    expect(rows['memory.episodes']).toBe(2);
    for (const table of report.tables) {
      expect(table.targetRows, table.table).toBe(table.sourceRows);
      expect(table.targetSha256, table.table).toBe(table.sourceSha256);
    }
    const text = await cli(['migrate', '--to', url!, '--replace']);
    expect(text.stdout).toMatch(/^raw_log +\d+ +\d+ +[0-9a-f]{16} +same$/m);
  });

  it('gives the same explain and memory export from PostgreSQL, and the conversation goes on', async () => {
    const local = await cli(['explain', '--task-id', taskId, '--store', 'sqlite']);
    const shared = await cli(['explain', '--task-id', taskId, '--store', url!]);
    expect(local.code).toBe(0);
    expect(shared.stdout).toBe(local.stdout);
    for (const [name, store] of [['local', 'sqlite'], ['shared', url!]] as const) expect((await cli(['memory', 'export', join(files.path, `${name}.jsonl`), '--store', store])).code).toBe(0);
    expect(readFileSync(join(files.path, 'shared.jsonl'), 'utf8')).toBe(readFileSync(join(files.path, 'local.jsonl'), 'utf8'));
    const next = await cli(['hydrate', 'payment gateway', '--conversation', 'm1', '--store', url!]);
    expect(next.stderr).toMatch(/conversation m1 #3/);
  });

  it('refuses a database that already holds the repository, unless --replace', async () => {
    const again = await cli(['migrate', '--to', url!]);
    expect(again.code).toBe(10);
    expect(again.stderr.split('\n')[0]).toMatch(/^cairn: PostgreSQL at postgres:\/\/cairn@127\.0\.0\.1:\d+\/postgres already holds the repository cairn-shop-\w+$/);
    const replaced = JSON.parse((await cli(['migrate', '--to', url!, '--replace', '--json'])).stdout) as Report;
    expect(replaced).toMatchObject({ replaced: true, generation: 3 });
    // Replaced: the episode recorded on PostgreSQL meanwhile is gone, the migrated two are there.
    expect(replaced.tables.find((table) => table.table === 'memory.episodes')).toMatchObject({ sourceRows: 2, targetRows: 2 });
  });
});
