// The shop fixture repository, copied, indexed in-process and opened, for tests that need
// a real index behind the graph.

import type { RepoContext } from '../../src/config/repo-context.js';
import { drainIndex, openReader, runIndex } from '../../src/app/stores.js';
import { openRepo } from '../../src/app/repo.js';
import type { CuratedReader } from '../../src/store/curated.js';
import { fixtureRepo, type TempDir } from './temp-repo.js';
import { loadRepoGraph } from '../../src/search/graph/load-graph.js';
import type { RepoGraph } from '../../src/search/graph/repo-graph.js';

export interface IndexedShop {
  repo: TempDir;
  context: RepoContext;
  reader: CuratedReader;
  graph: RepoGraph;
  close(): void;
}

export async function indexedShop(): Promise<IndexedShop> {
  const repo = fixtureRepo('shop');
  const context = await openRepo({ repo: repo.path, indexDir: `${repo.path}/.idx` });
  await drainIndex(runIndex(context, { workers: 0 }));
  const reader = openReader(context);
  return {
    repo,
    context,
    reader,
    graph: loadRepoGraph(reader),
    close: () => {
      reader.close();
      repo.remove();
    },
  };
}
