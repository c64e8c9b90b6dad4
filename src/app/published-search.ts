// Composition root, search over the repositories published in a PostgreSQL store (issue 25:
// search can span every repository in the database), for a process that does not serve
// them: `cairn search --repos`, `cairn serve` and `cairn mcp` for the repositories they do
// not serve. Each repository's newest generation is checked out as a replica checks out its
// own (into this index directory's generation cache, once per generation) and opened with
// the SQLite reader, which moves to a newer generation before each search. There is no
// working copy of such a repository here: its rows name its files as indexed. In `cairn
// serve` the search itself runs on a query thread, as a served repository's does: the main
// thread checks out (it alone reaches the database), the thread opens the checkout
// (`searchCheckout`, from the cache folder, no connection).

import type { RepoContext } from '../config/repo-context.js';
import type { PostgresChoice } from '../config/store-choice.js';
import type { SearchableRepositories } from '../operations/search-across.js';
import { searchCode, type SearchAnswer, type SearchHandle, type SearchInput } from '../operations/search.js';
import type { CuratedReader } from '../store/curated.js';
import { openPgIndexGenerations } from '../store/postgres/index-generations.js';
import { reconnecting } from '../store/postgres/reconnecting.js';
import type { CheckoutRef, QueryRunner } from '../serve/query-pool.js';
import { generationCache, openPublishedReader } from './published-index.js';
import { openCheckedOutReader } from './thread-stores.js';

/** Runs a search of a checked-out repository elsewhere (a query thread: `QueryRunner.runOnCheckout`). */
export type CheckoutSearch = (checkout: CheckoutRef, input: SearchInput) => Promise<SearchAnswer>;

export interface PublishedSearch extends SearchableRepositories {
  close(): void;
}

function searchReader(reader: CuratedReader, cacheDir: string, input: SearchInput): Promise<SearchAnswer> {
  const handle: SearchHandle = { context: { root: cacheDir }, workingCopy: false, reader: () => reader, enrichment: () => null, ranker: () => null };
  return searchCode(handle, input);
}

/**
 * The repositories published in `store`'s database, searched from checkouts under
 * `indexDir` — here, or by `elsewhere` once this thread has checked the newest generation out.
 */
export function openPublishedSearch(store: Pick<PostgresChoice, 'url' | 'from'>, indexDir: string, elsewhere?: CheckoutSearch): PublishedSearch {
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
      const cacheDir = generationCache(indexDir);
      return elsewhere === undefined ? searchReader(reader, cacheDir, input) : elsewhere({ cacheDir, repository: name }, input);
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
 * first such repository's index directory, each search run by `queries`' threads when it has
 * them; null on the embedded store.
 */
export function storeSearchOf(repos: readonly { context: Pick<RepoContext, 'store' | 'indexDir'> }[], queries?: Pick<QueryRunner, 'runOnCheckout'>): PublishedSearch | null {
  const first = repos.find((repo) => repo.context.store !== undefined);
  if (first === undefined) return null;
  // On the query threads when there are some (`cairn serve`), as the served repositories' searches are.
  const onThread = queries?.runOnCheckout;
  const elsewhere: CheckoutSearch | undefined = onThread === undefined ? undefined : (checkout, input) => onThread(checkout, 'search', input) as Promise<SearchAnswer>;
  return openPublishedSearch(first.context.store!, first.context.indexDir, elsewhere);
}

/** A query thread's readers of checked-out repositories it does not serve, opened on first search and kept. */
const checkoutReaders = new Map<string, CuratedReader>();

/** On a query thread: a search of the newest generation of `checkout.repository` the main thread checked out. */
export function searchCheckout(checkout: CheckoutRef, input: SearchInput): Promise<SearchAnswer> {
  const key = JSON.stringify([checkout.cacheDir, checkout.repository]);
  let reader = checkoutReaders.get(key);
  if (reader === undefined) {
    reader = openCheckedOutReader(checkout.cacheDir, checkout.repository);
    checkoutReaders.set(key, reader);
  } else {
    reader.latest();
  }
  return searchReader(reader, checkout.cacheDir, input);
}
