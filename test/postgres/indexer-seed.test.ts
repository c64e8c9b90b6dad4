// Issue 25, an indexer on a machine with no index yet (a CI runner, a new indexer host):
// `cairn index --store` starts from the newest published generation and parses only what
// differs from it, then publishes the next generation — where it used to build the whole
// index again. `--rebuild` still builds from scratch. Real processes, a real PostgreSQL.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { pgUrl } from '../support/postgres.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };

interface Summary {
  files: number;
  run: { added: number; changed: number; removed: number; unchanged: number; touched: number };
  published: { generation: number; seededFrom: number | null };
}

describe.skipIf(url === null)('postgres: an indexer with no local index starts from the published generation', () => {
  let repo: TempDir;
  let work: TempDir;
  const index = async (indexDir: string, ...extra: string[]): Promise<Summary> => {
    const result = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, indexDir), '--json', ...extra], { env: ENV });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Summary;
  };

  beforeAll(() => {
    repo = fixtureRepo('shop');
    work = tempDir('cairn-seed-');
  });
  afterAll(() => {
    repo?.remove();
    work?.remove();
  });

  it('parses only the files that differ from the generation, and publishes the next one', async () => {
    const first = await index('machine-a');
    expect(first.published).toMatchObject({ generation: 1, seededFrom: null });
    expect(first.run.added).toBe(first.files);

    appendFileSync(join(repo.path, 'shop/cart.py'), '\n\ndef empty_cart():\n    return []\n');
    const fresh = await index('machine-b');
    expect(fresh.published).toMatchObject({ generation: 2, seededFrom: 1 });
    expect(fresh.run).toMatchObject({ added: 0, changed: 1, removed: 0 });
    expect(fresh.run.unchanged + fresh.run.touched).toBe(fresh.files - 1);

    const text = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'machine-c')], { env: ENV });
    expect(text.stdout).toContain('started from published generation 2 (no local index here)');
    expect(text.stdout).toMatch(/this run: 0 added, 0 changed, 0 removed, \d+ unchanged/);
  });

  it('builds from scratch with --rebuild, and never seeds a folder that holds an index', async () => {
    const rebuilt = await index('machine-d', '--rebuild');
    expect(rebuilt.published.seededFrom).toBeNull();
    expect(rebuilt.run.added).toBe(rebuilt.files);
    const again = await index('machine-a');
    expect(again.published.seededFrom).toBeNull();
  });
});
