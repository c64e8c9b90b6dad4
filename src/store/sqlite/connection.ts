// Opening SQLite files and turning SQLite failures into cairn's typed errors. Every
// decision here is made on SQLite result codes (SqliteError.code), never on message text.

import { existsSync, lstatSync, mkdirSync, rmSync, statSync, type Stats } from 'node:fs';
import Database from 'better-sqlite3';
import { CairnError, IndexError, InputError } from '../../core/errors.js';
import { StoreDamage } from './store-damage.js';

export type Db = Database.Database;

/** How long a connection waits for another one's lock before giving up (ms). */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Page size of database files created from now on (a file keeps the size it was created
 * with). Measured on a full index of sympy: 16 KiB pages take ~7 % off the index
 * writer's CPU time against SQLite's default 4 KiB (a quarter as many B-tree pages to
 * split, look up in the cache and log to the WAL for the same rows), with search latency
 * unchanged.
 */
export const NEW_FILE_PAGE_SIZE = 16_384;

/** What a database file is, so errors can say what broke and what to do about it. */
export interface StoreFile {
  /** "curated index", "raw log", "session store". */
  label: string;
  file: string;
  /** The index directory the file lives in. */
  dir: string;
  /** What the user can do when the file is damaged, one sentence (e.g. rebuild it). */
  repair: string;
}

/** The SQLite result code of an error thrown by better-sqlite3, else null. */
export function sqliteErrorCode(error: unknown): string | null {
  return error instanceof Database.SqliteError ? error.code : null;
}

/** Matches a primary result code and all its extended codes (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT...). */
export function hasPrimaryCode(code: string | null, primary: string): boolean {
  return code !== null && (code === primary || code.startsWith(`${primary}_`));
}

export function isCorruptionCode(code: string | null): boolean {
  return hasPrimaryCode(code, 'SQLITE_CORRUPT') || hasPrimaryCode(code, 'SQLITE_NOTADB');
}

/** The one error for a damaged store file, saying how to repair it. */
export function damaged(store: StoreFile, what: string, cause?: unknown): IndexError {
  return new IndexError('INDEX_CORRUPT', `The ${store.label} at ${store.file} ${what}.`, {
    hint: store.repair,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Maps corruption (SQLite's, or a stored row that cannot be decoded) and lock failures to
 * IndexError; anything else is returned unchanged.
 */
export function mapSqliteError(error: unknown, store: StoreFile): unknown {
  const code = sqliteErrorCode(error);
  if (isCorruptionCode(code)) return damaged(store, 'is damaged or is not a SQLite database', error);
  if (error instanceof StoreDamage) return damaged(store, error.what, error);
  if (hasPrimaryCode(code, 'SQLITE_BUSY') || hasPrimaryCode(code, 'SQLITE_LOCKED')) {
    return new IndexError('INDEX_BUSY', `The ${store.label} at ${store.file} is locked by another process.`, {
      hint: 'Wait for the other cairn process (e.g. a running `cairn index`) to finish, then retry.',
      cause: error,
    });
  }
  return error;
}

/**
 * Wraps every method of `target` so that errors thrown inside it go through `map`. Used so
 * that corruption found mid-query (a truncated file fails only on the pages it lost)
 * surfaces as INDEX_CORRUPT wherever it happens.
 */
export function withErrorMapping<T extends object>(target: T, map: (error: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        } catch (error) {
          throw map(error);
        }
      };
    },
  });
}

function missingIndex(store: StoreFile): IndexError {
  return new IndexError('INDEX_MISSING', `No ${store.label} in ${store.dir} (expected ${store.file}).`, {
    hint: 'Run `cairn index` in the repository first.',
  });
}

function openFailure(error: unknown, store: StoreFile, mode: 'read' | 'write'): unknown {
  const code = sqliteErrorCode(error);
  if (hasPrimaryCode(code, 'SQLITE_CANTOPEN') || hasPrimaryCode(code, 'SQLITE_READONLY')) {
    return new InputError('INPUT_INVALID', `Cannot open the ${store.label} at ${store.file}${mode === 'write' ? ' for writing' : ''}.`, {
      hint: `Check that ${store.dir} is a writable directory: SQLite keeps its write-ahead log and shared memory beside the file, even to read it.`,
      cause: error,
    });
  }
  return mapSqliteError(error, store);
}

function ensureDirectory(store: StoreFile): void {
  try {
    mkdirSync(store.dir, { recursive: true });
  } catch (error) {
    throw new InputError('INPUT_INVALID', `Cannot create the index directory ${store.dir}.`, {
      hint: 'Check the path and its permissions, or configure another index directory.',
      cause: error,
    });
  }
  if (!statSync(store.dir).isDirectory()) {
    throw new InputError('INPUT_INVALID', `${store.dir} exists and is not a directory.`, {
      hint: 'Point the index directory at a folder (it is created when absent).',
    });
  }
}

/** The files SQLite opens for a database: the file itself and its journals. */
const SQLITE_SIBLINGS = ['', '-wal', '-shm', '-journal'];

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * cairn's files are plain files in its own directory. A link there (shipped in a
 * repository, or dangling) would make SQLite read or create a file wherever it points,
 * and a directory or device is no database: both are refused before SQLite sees them.
 */
function requirePlainFiles(store: StoreFile): void {
  for (const suffix of SQLITE_SIBLINGS) {
    const path = `${store.file}${suffix}`;
    const stats = lstatOrNull(path);
    if (stats === null || stats.isFile()) continue;
    if (stats.isSymbolicLink()) {
      throw new IndexError('INDEX_CORRUPT', `${path} is a symbolic link; cairn keeps its ${store.label} in plain files and does not follow links there.`, {
        hint: 'Remove the link; cairn creates its file again.',
      });
    }
    throw notAFile(store, path, stats);
  }
}

function notAFile(store: StoreFile, path: string, stats: Stats): IndexError {
  return new IndexError('INDEX_CORRUPT', `${path} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}, not cairn's ${store.label}.`, {
    hint: `Move it out of ${store.dir}; cairn creates the file again.`,
  });
}

/**
 * Checks that a database file and its journals may be replaced or deleted by cairn: each
 * is absent, a plain file, or a link (which is replaced or removed, never followed).
 * Anything else (a directory, a device) is not cairn's to delete.
 */
export function requireReplaceable(store: StoreFile): void {
  for (const suffix of SQLITE_SIBLINGS) {
    const path = `${store.file}${suffix}`;
    const stats = lstatOrNull(path);
    if (stats !== null && !stats.isFile() && !stats.isSymbolicLink()) throw notAFile(store, path, stats);
  }
}

/** Whether anything (a link too, dangling or not) is at the file's path. */
export function entryExists(path: string): boolean {
  return lstatOrNull(path) !== null;
}

/**
 * Deletes a database file and its journals (a build `cairn index --rebuild` restarts, or
 * the journals of a replaced index). Links are removed, never followed; anything else
 * that is not a plain file is refused (requireReplaceable).
 */
export function removeDatabaseFiles(store: StoreFile, suffixes: readonly string[] = SQLITE_SIBLINGS): void {
  requireReplaceable(store);
  for (const suffix of suffixes) rmSync(`${store.file}${suffix}`, { force: true });
}

/** Reads something from the file so that a non-database fails now, not at first use. */
function probe(db: Db): void {
  db.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
}

/**
 * How a database keeps its journal. WAL (the default) lets read-only connections keep
 * reading while a writer writes, but every reader of a WAL database creates or touches its
 * `-shm` and `-wal` files; a store that must be readable without writing anything (the
 * failure memory, read by diagnostics) uses a rollback journal instead, whose readers take
 * only locks.
 */
export type JournalMode = 'wal' | 'delete';

export interface OpenOptions {
  /** For writing: the journal mode (default 'wal'). */
  journal?: JournalMode;
}

function configure(db: Db, readonly: boolean, journal: JournalMode): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (readonly) return;
  // Only an empty file takes a page size: set before the switch to WAL writes the header.
  db.pragma(`page_size = ${NEW_FILE_PAGE_SIZE}`);
  if (journal === 'delete') {
    db.pragma('journal_mode = DELETE');
    return;
  }
  // WAL lets read-only connections keep reading while the indexer writes; NORMAL sync is
  // durable across application crashes, which is all an index (rebuildable) needs.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
}

/**
 * Opens a database file. For writing, the directory is created when absent; for reading,
 * a missing file is INDEX_MISSING and the file is opened with `readonly` + `fileMustExist`.
 */
export function openDatabase(store: StoreFile, mode: 'read' | 'write', options: OpenOptions = {}): Db {
  const readonly = mode === 'read';
  if (!readonly) ensureDirectory(store);
  requirePlainFiles(store);
  if (readonly && !existsSync(store.file)) throw missingIndex(store);
  let db: Db | null = null;
  try {
    db = new Database(store.file, { readonly, fileMustExist: readonly });
    configure(db, readonly, options.journal ?? 'wal');
    probe(db);
    return db;
  } catch (error) {
    db?.close();
    if (readonly && hasPrimaryCode(sqliteErrorCode(error), 'SQLITE_CANTOPEN')) throw missingIndex(store);
    throw openFailure(error, store, mode);
  }
}

/** For invariants the adapter itself relies on (a caller handing over inconsistent data). */
export function internalError(message: string, cause?: unknown): CairnError {
  return new CairnError('INTERNAL', message, cause === undefined ? {} : { cause });
}
