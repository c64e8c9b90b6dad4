// Composition root, a query thread's stores on a shared store (issue 25). libpq's binding
// loads into one thread of a process only, so a query thread of `cairn serve --store` never
// connects: it reads the index generation its main thread checked out (the SQLite files in
// the generation cache: checkout-cache.ts), and hands its writes to the raw log and sessions
// back to the main thread (serve/forwarded-records.ts). Memory, failures and reads of the
// shared state are the main thread's: the operations that need them never come here
// (`runsOnThread` in serve.ts).

import type { RepoContext } from '../config/repo-context.js';
import { CairnError, IndexError } from '../core/errors.js';
import type { CuratedReader } from '../store/curated.js';
import { newestCheckout } from '../store/postgres/checkout-cache.js';
import type { RepoStores } from '../store/repo-stores.js';
import type { RecordCollector } from '../serve/forwarded-records.js';
import { followingReader, generationCache } from './published-index.js';
import { storesOf } from './stores.js';

/** The newest generation of `repository` checked out under `cacheDir`, following newer checkouts on `latest()`. */
export function openCheckedOutReader(cacheDir: string, repository: string): CuratedReader {
  const first = newestCheckout(cacheDir, repository);
  if (first === null) {
    throw new IndexError('INDEX_MISSING', `no generation of ${repository} is checked out in ${cacheDir} yet`, { hint: 'the main thread checks it out on the first request: retry' });
  }
  return followingReader(first, (after) => {
    const found = newestCheckout(cacheDir, repository);
    return found !== null && found.generation > after ? found : null;
  });
}

function mainThreadOnly(what: string): () => never {
  return () => {
    throw new CairnError('INTERNAL', `${what} is in PostgreSQL, which only the main thread reaches`, { hint: 'this operation must run on the main thread (app/serve.ts runsOnThread)' });
  };
}

/** A query thread's stores: the repository's own on the embedded store; on a shared store, the checkout and the collector. */
export function threadStoresOf(context: RepoContext, collector: RecordCollector): RepoStores {
  const base = storesOf(context);
  if (context.store === undefined) return base;
  const cacheDir = generationCache(context.indexDir);
  const { repository } = context.store;
  return {
    ...base,
    reader: () => openCheckedOutReader(cacheDir, repository),
    hasIndex: () => newestCheckout(cacheDir, repository) !== null,
    rawLog: () => collector.rawLog(),
    rawLogUsage: mainThreadOnly('the raw log'),
    sessions: () => collector.sessions(),
    memory: mainThreadOnly('episode memory'),
    hasMemory: mainThreadOnly('episode memory'),
    failures: mainThreadOnly('failure memory'),
    failureReader: mainThreadOnly('failure memory'),
  };
}
