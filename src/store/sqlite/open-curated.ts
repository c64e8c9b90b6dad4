// Opening the curated index (index.db): the writer migrates the schema, readers require it
// to be exactly current. Both come back wrapped so that SQLite corruption and lock errors
// raised by any method surface as IndexError.

import { CairnError } from '../../core/errors.js';
import { CURRENT_SCHEMA_VERSION, type CuratedReader, type IndexWriter } from '../curated.js';
import { mapSqliteError, openDatabase, removeDatabaseFiles, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { SqliteCuratedReader } from './curated-reader.js';
import { registerPathMatcher } from './file-filter.js';
import { SqliteIndexWriter, type WriterOptions } from './index-writer.js';
import { indexPaths } from './layout.js';
import { loadMigrations, migrate, requireVersion } from './migrations.js';

/**
 * The writer's page cache. 16 MB costs no more CPU than 64 MB on a full index of sympy
 * (pages that fall out are re-read from the OS cache) and keeps ~50 MB off the peak
 * resident memory of the index run (measured 414-444 vs 462-499 MB).
 */
const WRITER_CACHE_KIB = 16 * 1024;

export function curatedStoreFile(indexDir: string): StoreFile {
  return { label: 'curated index', file: indexPaths(indexDir).curated, dir: indexDir, repair: 'Run `cairn index --rebuild` to build it again.' };
}

/** Runs `setup` on a fresh connection, closing it (and mapping the error) when setup fails. */
function prepared(db: Db, store: StoreFile, setup: () => void): void {
  try {
    setup();
    registerPathMatcher(db);
  } catch (error) {
    db.close();
    throw mapSqliteError(error, store);
  }
}

export function openSqliteIndexWriter(indexDir: string, options: WriterOptions = {}): IndexWriter {
  const store = curatedStoreFile(indexDir);
  const migrations = loadMigrations('index');
  if (migrations.length !== CURRENT_SCHEMA_VERSION) {
    throw new CairnError('INTERNAL', `index migrations end at ${migrations.length}, CURRENT_SCHEMA_VERSION is ${CURRENT_SCHEMA_VERSION}.`);
  }
  const db = openDatabase(store, 'write');
  prepared(db, store, () => {
    migrate(db, store, migrations, 'index');
    // Larger than SQLite's default 2 MB: an index run touches every B-tree of the file.
    db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  });
  return withErrorMapping<IndexWriter>(new SqliteIndexWriter(db, options), (error) => mapSqliteError(error, store));
}

export function openSqliteCuratedReader(indexDir: string): CuratedReader {
  const store = curatedStoreFile(indexDir);
  const db = openDatabase(store, 'read');
  prepared(db, store, () => requireVersion(db, store, CURRENT_SCHEMA_VERSION, 'index'));
  return withErrorMapping<CuratedReader>(new SqliteCuratedReader(db), (error) => mapSqliteError(error, store));
}

/** Deletes the curated index (only it: logs, sessions and vectors are kept), for a rebuild. */
export function discardSqliteCuratedIndex(indexDir: string): void {
  removeDatabaseFiles(curatedStoreFile(indexDir));
}
