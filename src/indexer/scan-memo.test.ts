// A refresh that finds nothing to do is answered from the last walk's memo; any change the
// walk could see sends the next run back to walking, and the index ends up the same.

import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureRepo, type TempDir } from '../../test/support/temp-repo.js';
import { drainIndex } from '../app/stores.js';
import { openRepo } from '../app/repo.js';
import { openSqliteCuratedReader, openSqliteIndexWriter, sqliteIndexTargets } from '../store/sqlite/index.js';
import { indexRepository, SCAN_MEMO_META, type IndexSummary } from './index-repository.js';
import { isRacy } from './scan-memo.js';

const repos: TempDir[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

/** Past the file system's timestamp tick, so the next change gets a later ctime. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

async function run(repo: TempDir, racyMarginMs = 0): Promise<IndexSummary> {
  const context = await openRepo({ repo: repo.path, env: {} });
  const summary = await drainIndex(
    indexRepository({ root: context.root, indexDir: context.indexDir, config: context.config.index, targets: sqliteIndexTargets, workers: 0, racyMarginMs }),
  );
  await tick();
  return summary;
}

function symbolKeys(repo: TempDir): string[] {
  const reader = openSqliteCuratedReader(join(repo.path, '.cairn'));
  try {
    return reader.allSymbols().map((symbol) => symbol.key).sort();
  } finally {
    reader.close();
  }
}

async function shopRepo(): Promise<TempDir> {
  const repo = fixtureRepo('shop');
  repos.push(repo);
  await tick();
  return repo;
}

describe('isRacy', () => {
  const start = 1_700_000_000_000;
  it('gives fine timestamps a 50 ms margin and whole-second ones 2 s', () => {
    expect(isRacy(start - 49.123, start)).toBe(true);
    expect(isRacy(start - 51.123, start)).toBe(false);
    expect(isRacy(start - 1000, start)).toBe(true);
    expect(isRacy(start - 2000, start)).toBe(true);
    expect(isRacy(start - 3000, start)).toBe(false);
    expect(isRacy(start + 5.5, start)).toBe(true);
    expect(isRacy(start - 3000, start, 60_000)).toBe(true);
  });
});

describe('scan memo', () => {
  it('answers a no-change refresh from the memo, with the same findings as a walk', async () => {
    const repo = await shopRepo();
    const first = await run(repo);
    expect(first.run.scan).toBe('walk');
    const second = await run(repo);
    expect(second.run).toMatchObject({ scan: 'memo', seen: first.run.seen, unchanged: first.run.seen, added: 0, changed: 0, removed: 0 });
    expect(second.skipped).toEqual(first.skipped);
    expect(second.files).toBe(first.files);
  });

  it('answers an edit from the memo by stat-ing the edited file, and walks after an addition or a removal', async () => {
    const repo = await shopRepo();
    await run(repo);
    await run(repo);
    writeFileSync(join(repo.path, 'shop/pricing.py'), 'def priced():\n    return 1\n');
    const edited = await run(repo);
    expect(edited.run).toMatchObject({ scan: 'memo-files', changed: 1, added: 0, removed: 0 });
    expect(symbolKeys(repo)).toContain('shop/pricing.py::priced');

    expect((await run(repo)).run.scan).toBe('memo');
    repo.write('shop/extra/new_module.py', 'def fresh():\n    pass\n');
    expect((await run(repo)).run).toMatchObject({ scan: 'walk', added: 1 });
    rmSync(join(repo.path, 'shop/extra/new_module.py'));
    expect((await run(repo)).run).toMatchObject({ scan: 'walk', removed: 1 });
    expect(symbolKeys(repo)).not.toContain('shop/extra/new_module.py::fresh');
  });

  it('walks again when an ignore file changes what is indexed', async () => {
    const repo = await shopRepo();
    await run(repo);
    await run(repo);
    repo.write('.cairnignore', 'docs/\n');
    const narrowed = await run(repo);
    // The docs folder leaves the index; the new .cairnignore itself is indexed.
    expect(narrowed.run).toMatchObject({ scan: 'walk', added: 1, removed: 1 });
  });

  it('stats a file that only changed its mode, and finds nothing to re-extract', async () => {
    const repo = await shopRepo();
    const first = await run(repo);
    await run(repo);
    chmodSync(join(repo.path, 'shop/pricing.py'), 0o600);
    expect((await run(repo)).run).toMatchObject({ scan: 'memo-files', changed: 0, unchanged: first.run.seen });
  });

  it('walks when an edited file is now past the size limit, and drops it', async () => {
    const repo = await shopRepo();
    await run(repo);
    await run(repo);
    writeFileSync(join(repo.path, 'shop/pricing.py'), `# ${'x'.repeat(2 * 1024 * 1024)}\n`);
    const grown = await run(repo);
    expect(grown.run).toMatchObject({ scan: 'walk', removed: 1 });
    expect(grown.skipped['too-large']).toBe(1);
  });

  it('leaves no memo when the walk read something changed just before it (racy)', async () => {
    const repo = await shopRepo();
    await run(repo, 60_000);
    const writer = openSqliteIndexWriter(join(repo.path, '.cairn'));
    try {
      expect(writer.meta(SCAN_MEMO_META)).toBeNull();
    } finally {
      writer.close();
    }
    expect((await run(repo, 60_000)).run.scan).toBe('walk');
  });

  it('does not trust a memo after an interrupted run', async () => {
    const repo = await shopRepo();
    await run(repo);
    const writer = openSqliteIndexWriter(join(repo.path, '.cairn'));
    writer.setState('building');
    writer.close();
    expect((await run(repo)).run.scan).toBe('walk');
  });
});
