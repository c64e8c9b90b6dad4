// The SQLite adapter's public surface: openers for each store and the file layout. The
// composition root (src/app/stores.ts) is the only intended caller.

export { indexPaths, type IndexPaths } from './layout.js';
export { discardStagedIndex, openSqliteCuratedReader, openSqliteIndexWriter, publishStagedIndex, sqliteIndexTargets } from './open-curated.js';
export type { WriterOptions } from './index-writer.js';
export { openSqliteRawLog, readSqliteRawLogUsage, type RawLogOptions } from './raw-log.js';
export { openSqliteSessionStore, type SessionStoreOptions } from './session-store.js';
export { openSqliteVectorIndex } from './vector-index.js';
export { DEFAULT_FIELD_WEIGHTS, SEARCH_FIELDS } from './fts-tables.js';
export { openSqliteFailureMemory, openSqliteFailureReader, type FailureMemoryOptions } from './failure-memory.js';
export { openSqliteMemoryStore, type MemoryStoreOptions } from './memory-store.js';
