// A work copy of a corpus and its index, so that the edit loop never writes into the
// corpus itself: the tree (its .git too: refreshes read the history) and index.db.

import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function prepareCopy(corpus: string, indexDir: string, work: string, cairnYaml: string): string {
  const repo = join(work, 'repo');
  rmSync(repo, { recursive: true, force: true });
  cpSync(corpus, repo, { recursive: true, preserveTimestamps: true });
  rmSync(join(repo, '.cairn'), { recursive: true, force: true });
  mkdirSync(join(repo, '.cairn'), { recursive: true });
  cpSync(join(indexDir, 'index.db'), join(repo, '.cairn', 'index.db'), { preserveTimestamps: true });
  writeFileSync(join(repo, 'cairn.yaml'), cairnYaml);
  return repo;
}
