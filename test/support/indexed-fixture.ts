// A fixture repository copied to a temp dir and indexed in-process, with a reader on it.

import { drainIndex, openReader, runIndex } from '../../src/app/stores.js';
import { openRepo } from '../../src/app/repo.js';
import type { CuratedReader } from '../../src/store/curated.js';
import { fixtureRepo, type TempDir } from './temp-repo.js';

export interface IndexedFixture {
  repo: TempDir;
  reader: CuratedReader;
  close(): void;
}

export async function indexedFixture(name: string, prepare?: (repo: TempDir) => void): Promise<IndexedFixture> {
  const repo = fixtureRepo(name);
  prepare?.(repo);
  const context = await openRepo({ repo: repo.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  const reader = openReader(context);
  return {
    repo,
    reader,
    close() {
      reader.close();
      repo.remove();
    },
  };
}
