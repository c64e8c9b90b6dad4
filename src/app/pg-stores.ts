// Composition root, the shared store (issue 25): a repository's stores on PostgreSQL.
// Episode memory, failure memory, sessions and the raw log are tables in the repository's
// own schema, written by every replica; each store reconnects on the call after a lost
// connection (a restarted server). The index is the newest generation published through
// the database, checked out under the index directory (published-index.ts); index runs
// still write the local SQLite index, which `cairn index` then publishes.

import type { RepoContext } from '../config/repo-context.js';
import type { PostgresChoice } from '../config/store-choice.js';
import { openPgFailureMemory, openPgFailureReader } from '../store/postgres/failure-memory.js';
import { openPgMemoryStore } from '../store/postgres/memory-store.js';
import { openPgRawLog } from '../store/postgres/raw-log.js';
import { reconnecting } from '../store/postgres/reconnecting.js';
import { pgSchemaExists, repositorySchema } from '../store/postgres/repository-schema.js';
import { openPgSessionStore } from '../store/postgres/session-store.js';
import { noMemoryYet, type RepoStores } from '../store/repo-stores.js';
import { prepareIndexDir } from '../indexer/index-dir.js';
import { sqliteIndexTargets } from '../store/sqlite/index.js';
import { generationCache, hasPublished, openPublishedReader } from './published-index.js';
import { openPublishedVectors } from './published-vectors.js';

type StoreContext = Pick<RepoContext, 'indexDir'> & Partial<Pick<RepoContext, 'config'>>;

export function pgStoresOf(context: StoreContext, choice: PostgresChoice): RepoStores {
  const { url } = choice;
  const { indexDir } = context;
  const schema = repositorySchema(choice.repository);
  const maxBytes = context.config?.log.maxBytes;
  const logOptions = maxBytes === undefined ? {} : { maxBytes };
  return {
    reader: () => openPublishedReader(choice, indexDir),
    hasIndex: () => hasPublished(choice),
    rawLog: () => reconnecting(() => openPgRawLog(url, schema, logOptions)),
    rawLogUsage: () => {
      const log = openPgRawLog(url, schema, logOptions);
      try {
        return log.usage();
      } finally {
        log.close();
      }
    },
    sessions: () => reconnecting(() => openPgSessionStore(url, schema)),
    memory: (mode = 'create') => {
      if (mode === 'existing' && !pgSchemaExists(url, schema)) throw noMemoryYet(indexDir);
      if (mode === 'create') prepareIndexDir(indexDir);
      return reconnecting(() => openPgMemoryStore(url, schema));
    },
    hasMemory: () => pgSchemaExists(url, schema),
    failures: () => reconnecting(() => openPgFailureMemory(url, schema)),
    failureReader: () => reconnecting(() => openPgFailureReader(url, schema)),
    // Published with the generation: read from the checkout, never embedded here (published-vectors.ts).
    vectors: () => openPublishedVectors(generationCache(indexDir), choice.repository),
    indexTargets: sqliteIndexTargets,
    storeLocation: { adapter: 'sqlite', indexDir },
    published: true,
  };
}
