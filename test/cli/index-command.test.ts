import { appendFileSync, existsSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteIndexWriter } from '../../src/store/sqlite/index.js';
import { runCli } from '../support/cli.js';
import { fixtureRepo, gitInit, tempDir, type TempDir } from '../support/temp-repo.js';
import { snapshotTree } from '../support/tree-snapshot.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

function shop(): TempDir {
  const repo = fixtureRepo('shop');
  cleanups.push(repo);
  return repo;
}

/** The one line a first index of a folder outside git prints (the fixtures are plain folders). */
const NOT_A_REPOSITORY = /^cairn: warning: .* is not in a git repository: indexed as a plain folder, without history\n$/;

async function indexJson(args: string[]): Promise<Record<string, any>> {
  const result = await runCli(['index', ...args, '--json']);
  if (result.stderr !== '') expect(result.stderr).toMatch(NOT_A_REPOSITORY);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

describe('cairn index', () => {
  it('indexes a repository into <repo>/.cairn and reports what it found', async () => {
    const repo = shop();
    const summary = await indexJson([repo.path]);
    expect(summary.indexDir).toBe(join(repo.path, '.cairn'));
    expect(existsSync(join(repo.path, '.cairn', 'index.db'))).toBe(true);
    // .gitignore'd build/ and *.tmp are not indexed.
    expect(summary.files).toBe(12);
    expect(summary.run).toMatchObject({ added: 12, changed: 0, removed: 0 });
    expect(summary.symbols).toBeGreaterThanOrEqual(14);
    expect(summary.edges.imports).toBeGreaterThan(0);
    expect(summary.edges.references).toBeGreaterThan(0);
    expect(summary.edges.docLinks).toBeGreaterThan(0);
    expect(summary.parseFailures).toEqual({});
    expect(typeof summary.seconds).toBe('number');
  });

  it('does almost nothing on a second run, and re-extracts only what changed', async () => {
    const repo = shop();
    await indexJson([repo.path]);
    const again = await indexJson([repo.path]);
    expect(again.run).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 12 });
    expect(again.link.importsResolved).toBe(0);

    appendFileSync(join(repo.path, 'shop/pricing.py'), '\n\ndef clamp_discount(rate: float) -> float:\n    return min(rate, 0.5)\n');
    unlinkSync(join(repo.path, 'web/src/format.ts'));
    const third = await indexJson([repo.path]);
    expect(third.run).toMatchObject({ added: 0, changed: 1, removed: 1, unchanged: 10 });
    expect(third.files).toBe(11);

    const search = await runCli(['search', 'clamp_discount', '--repo', repo.path, '--kind', 'symbol', '--json', '--no-refresh']);
    const found = JSON.parse(search.stdout).results.map((r: { id: string }) => r.id);
    expect(found).toContain('shop/pricing.py::clamp_discount');
  });

  it('treats a touched but unchanged file as unchanged (hash check)', async () => {
    const repo = shop();
    await indexJson([repo.path]);
    const file = join(repo.path, 'shop/cart.py');
    const later = new Date(Date.now() + 5000);
    const { utimesSync } = await import('node:fs');
    utimesSync(file, later, later);
    const again = await indexJson([repo.path]);
    expect(again.run).toMatchObject({ changed: 0, touched: 1 });
  });

  it('writes nothing inside the repository when the index lives elsewhere', async () => {
    const repo = shop();
    gitInit(repo.path).commit('initial');
    const elsewhere = tempDir('cairn-index-');
    cleanups.push(elsewhere);
    const before = snapshotTree(repo.path);
    const summary = await indexJson([repo.path, '--index-dir', join(elsewhere.path, 'idx')]);
    expect(summary.files).toBe(12);
    expect(summary.edges.coChange).toBeGreaterThan(0);
    expect(snapshotTree(repo.path)).toEqual(before);
    const viaEnv = await runCli(['index', repo.path, '--json'], { env: { CAIRN_INDEX_DIR: join(elsewhere.path, 'env-idx') } });
    expect(viaEnv.code).toBe(0);
    expect(existsSync(join(elsewhere.path, 'env-idx', 'index.db'))).toBe(true);
    expect(snapshotTree(repo.path)).toEqual(before);
  });

  it('indexes an empty folder and a folder without git', async () => {
    const empty = tempDir();
    cleanups.push(empty);
    const summary = await indexJson([empty.path]);
    expect(summary.files).toBe(0);
    expect(summary.edges.coChange).toBe(0);
  });

  it('re-extracts every file once when the index was tokenized by an older cairn', async () => {
    const repo = shop();
    await indexJson([repo.path]);
    const writer = openSqliteIndexWriter(join(repo.path, '.cairn'));
    writer.setMeta('searchTextVersion', '1');
    writer.close();
    const upgraded = await indexJson([repo.path]);
    expect(upgraded.run).toMatchObject({ changed: 12, unchanged: 0, touched: 0 });
    const again = await indexJson([repo.path]);
    expect(again.run).toMatchObject({ changed: 0, unchanged: 12 });
  });

  it('re-extracts every file once when the index was extracted by an older cairn', async () => {
    const repo = shop();
    await indexJson([repo.path]);
    const writer = openSqliteIndexWriter(join(repo.path, '.cairn'));
    writer.setMeta('searchTextVersion', '2.3'); // before object-literal methods were definitions
    writer.close();
    const upgraded = await indexJson([repo.path]);
    expect(upgraded.run).toMatchObject({ changed: 12, unchanged: 0, touched: 0 });
    const again = await indexJson([repo.path]);
    expect(again.run).toMatchObject({ changed: 0, unchanged: 12 });
  });

  it('rebuilds from scratch with --rebuild', async () => {
    const repo = shop();
    await indexJson([repo.path]);
    const rebuilt = await indexJson([repo.path, '--rebuild']);
    expect(rebuilt.run).toMatchObject({ added: 12, unchanged: 0 });
  });

  it('removes an index folder only through --rebuild, never by itself', async () => {
    const repo = shop();
    await indexJson([repo.path]);
    rmSync(join(repo.path, '.cairn', 'index.db'));
    const again = await indexJson([repo.path]);
    expect(again.run.added).toBe(12);
  });
});
