// The walk leaves out links that leave the repository, but a file can be swapped for one
// after the walk saw it and before its content is read: the read itself must check.

import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../test/support/temp-repo.js';
import { openRepo } from '../app/repo.js';
import { openSqliteCuratedReader, sqliteIndexTargets } from '../store/sqlite/index.js';
import { indexRepository, type IndexSummary } from './index-repository.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('reading repository files while indexing', () => {
  it('a file swapped for a link leaving the repository between the walk and its read is not indexed', async () => {
    const repo = tempDir('cairn-swap-');
    const outside = tempDir('cairn-outside-');
    dirs.push(repo, outside);
    repo.write('a.py', 'def first():\n    return 1\n');
    repo.write('b.py', 'def second():\n    return 2\n');
    outside.write('secret.py', 'def leaked_secret():\n    return "key"\n');
    const context = await openRepo({ repo: repo.path, env: {} });
    const run = indexRepository({ root: context.root, indexDir: context.indexDir, config: context.config.index, targets: sqliteIndexTargets, workers: 0 });
    let swapped = false;
    let step = await run.next();
    for (; !step.done; step = await run.next()) {
      // The first extract event comes after a.py is read and before b.py is.
      if (step.value.phase === 'extract' && !swapped) {
        rmSync(join(repo.path, 'b.py'));
        symlinkSync(join(outside.path, 'secret.py'), join(repo.path, 'b.py'));
        swapped = true;
      }
    }
    const summary: IndexSummary = step.value;
    expect(swapped).toBe(true);
    expect(summary.skipped.unreadable).toBe(1);
    const reader = openSqliteCuratedReader(context.indexDir);
    try {
      const names = reader.allSymbols().map((symbol) => symbol.name);
      expect(names).toContain('first');
      expect(names).not.toContain('leaked_secret');
    } finally {
      reader.close();
    }
  });
});
