// Opening the curated index (index.db): the writer migrates the schema, readers require it
// to be exactly current. Both come back wrapped so that SQLite corruption and lock errors
// raised by any method surface as IndexError. A full build is written to index.next.db
// and published by renaming it over index.db (publishStagedIndex).

import { renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CairnError } from '../../core/errors.js';
import { CURRENT_SCHEMA_VERSION, type CuratedReader, type IndexTargets, type IndexWriter } from '../curated.js';
import { entryExists, mapSqliteError, openDatabase, removeDatabaseFiles, requireReplaceable, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { registerPathMatcher } from './file-filter.js';
import { SqliteIndexWriter, type WriterOptions } from './index-writer.js';
import { indexPaths } from './layout.js';
import { loadMigrations, migrate } from './migrations.js';
import { renumberBranchIndex } from './branch-versions.js';
import { openPinnedReader } from './pinned-reader.js';

/**
 * The writer's page cache. 16 MB costs no more CPU than 64 MB on a full index of sympy
 * (pages that fall out are re-read from the OS cache) and keeps ~50 MB off the peak
 * resident memory of the index run (measured 414-444 vs 462-499 MB).
 */
const WRITER_CACHE_KIB = 16 * 1024;

const REBUILD = 'Run `cairn index --rebuild` to build it again.';

export function curatedStoreFile(indexDir: string, staged = false): StoreFile {
  const paths = indexPaths(indexDir);
  return staged
    ? { label: 'index being built', file: paths.staged, dir: indexDir, repair: `Run \`cairn index --rebuild\` to start the build again.` }
    : { label: 'curated index', file: paths.curated, dir: indexDir, repair: REBUILD };
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

/** A writer of index.db, or with `staged` of the full build in index.next.db. */
export function openSqliteIndexWriter(indexDir: string, options: WriterOptions & { staged?: boolean } = {}): IndexWriter {
  const store = curatedStoreFile(indexDir, options.staged ?? false);
  const migrations = loadMigrations('index');
  if (migrations.length !== CURRENT_SCHEMA_VERSION) {
    throw new CairnError('INTERNAL', `index migrations end at ${migrations.length}, CURRENT_SCHEMA_VERSION is ${CURRENT_SCHEMA_VERSION}.`);
  }
  const db = openDatabase(store, 'write');
  prepared(db, store, () => {
    renumberBranchIndex(db);
    migrate(db, store, migrations, 'index');
    // Larger than SQLite's default 2 MB: an index run touches every B-tree of the file.
    db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  });
  return withErrorMapping<IndexWriter>(new SqliteIndexWriter(db, options), (error) => mapSqliteError(error, store));
}

/** A reader of index.db that reads one state of it until `latest()` (pinned-reader.ts). */
export function openSqliteCuratedReader(indexDir: string): CuratedReader {
  return openPinnedReader(curatedStoreFile(indexDir), CURRENT_SCHEMA_VERSION);
}

/**
 * Replaces index.db with the completed build in index.next.db, in one rename. The build is
 * first made self-contained (its write-ahead log folded in, rollback-journal mode), so the
 * renamed file never needs side files; the old index's WAL files are then removed, before
 * any writer can pair them with the new file. Readers that opened the old index keep
 * reading it. The caller holds the index lock and has closed every connection to the build.
 * A link at index.db is replaced by the rename, never followed; a directory or device
 * there is refused (requireReplaceable), and left as it is.
 */
export function publishStagedIndex(indexDir: string): void {
  const paths = indexPaths(indexDir);
  const store = curatedStoreFile(indexDir, true);
  const live = curatedStoreFile(indexDir);
  requireReplaceable(live);
  let db: Db | null = null;
  try {
    db = new Database(paths.staged, { fileMustExist: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    throw mapSqliteError(error, store);
  } finally {
    db?.close();
  }
  renameSync(paths.staged, paths.curated);
  removeDatabaseFiles(live, ['-wal', '-shm']);
}

/**
 * Throws away a build that will not be completed (a stale one, or one `--rebuild`
 * restarts): only index.next.db and its journals, never the live index, logs, sessions or
 * vectors. Links there are removed, not followed.
 */
export function discardStagedIndex(indexDir: string): void {
  removeDatabaseFiles(curatedStoreFile(indexDir, true));
}

/**
 * The writer of a full build. Whatever is at index.db must be replaceable by the build
 * (requireReplaceable): refused before the build starts rather than after it.
 */
function openStagedWriter(indexDir: string): IndexWriter {
  requireReplaceable(curatedStoreFile(indexDir));
  return openSqliteIndexWriter(indexDir, { staged: true });
}

export const sqliteIndexTargets: IndexTargets = {
  // A link at index.db counts, dangling or not: opening it is refused (connection.ts).
  hasLive: (indexDir) => entryExists(indexPaths(indexDir).curated),
  hasStaged: (indexDir) => entryExists(indexPaths(indexDir).staged),
  openLive: (indexDir) => openSqliteIndexWriter(indexDir),
  openStaged: openStagedWriter,
  publishStaged: publishStagedIndex,
  discardStaged: discardStagedIndex,
};
