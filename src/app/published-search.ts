// Composition root, search over the repositories published in a PostgreSQL store (issue 25:
// search can span every repository in the database), for a process that does not serve
// them: `cairn search --repos`, `cairn serve` and `cairn mcp` for the repositories they do
// not serve. Each repository's newest generation is checked out as a replica checks out its
// own (into this index directory's generation cache, once per generation) and opened with
// the SQLite reader, which moves to a newer generation before each search. There is no
// working copy of such a repository here: its rows name its files as indexed.

import type { RepoContext } from '../config/repo-context.js';
import type { PostgresChoice } from '../config/store-choice.js';
import type { SearchableRepositories } from '../operations/search-across.js';
import { searchCode, type SearchHandle } from '../operations/search.js';
import type { CuratedReader } from '../store/curated.js';
import { openPgIndexGenerations } from '../store/postgres/index-generations.js';
import { reconnecting } from '../store/postgres/reconnecting.js';
import { generationCache, openPublishedReader } from './published-index.js';

export interface PublishedSearch extends SearchableRepositories {
  close(): void;
}

/** The repositories published in `store`'s database, searched from checkouts under `indexDir`. */
export function openPublishedSearch(store: Pick<PostgresChoice, 'url' | 'from'>, indexDir: string): PublishedSearch {
  const catalog = reconnecting(() => openPgIndexGenerations(store.url));
  const readers = new Map<string, CuratedReader>();
  const readerOf = (repository: string): CuratedReader => {
    let reader = readers.get(repository);
    if (reader === undefined) {
      reader = openPublishedReader({ adapter: 'postgres', url: store.url, from: store.from, repository }, indexDir);
      readers.set(repository, reader);
    } else {
      reader.latest();
    }
    return reader;
  };
  return {
    names: () => catalog.repositories(),
    has: (name) => catalog.repositories().includes(name),
    search: async (name, input) => {
      const reader = readerOf(name);
      const handle: SearchHandle = { context: { root: generationCache(indexDir) }, workingCopy: false, reader: () => reader, enrichment: () => null, ranker: () => null };
      return searchCode(handle, input);
    },
    close: () => {
      for (const reader of readers.values()) reader.close();
      readers.clear();
      catalog.close();
    },
  };
}

/**
 * What a server searches besides the repositories it serves: the repositories published in
 * their PostgreSQL store (the first one's, when they name several), checked out under the
 * first such repository's index directory; null on the embedded store.
 */
export function storeSearchOf(repos: readonly { context: Pick<RepoContext, 'store' | 'indexDir'> }[]): PublishedSearch | null {
  const first = repos.find((repo) => repo.context.store !== undefined);
  return first === undefined ? null : openPublishedSearch(first.context.store!, first.context.indexDir);
}
