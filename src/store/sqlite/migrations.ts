// Schema migrations: numbered `.sql` files applied in order, each in its own transaction
// together with the bump of `PRAGMA user_version`, so a database is always at exactly one
// known version.
//
// The files live in src/store/sqlite/migrations/<database>/NNN_name.sql and are read at
// run time. `tsc` does not copy them next to the compiled module, so they are looked up
// first beside this module (running from src/, as vitest does) and then in
// `src/store/sqlite/migrations` of each ancestor directory: that finds the folder the npm
// package ships from dist/store/sqlite/ (tsc), dist/bundle/ (the bundled CLI, npm run
// build), dist/src/store/sqlite/ (tsc -p tsconfig.json) or any other output folder inside
// the package.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CairnError, IndexError } from '../../core/errors.js';
import { damaged, mapSqliteError, openDatabase, type Db, type OpenOptions, type StoreFile } from './connection.js';
import { requireTables, tablesOf } from './schema-tables.js';

/** The databases of the SQLite adapter, one migrations folder each. */
export type SchemaName = 'index' | 'raw-log' | 'sessions' | 'vectors' | 'memory' | 'failures' | 'enrichment';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATION_FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;

const SHIPPED_AT = join('src', 'store', 'sqlite', 'migrations');

function candidateRoots(moduleDir: string): string[] {
  const roots = [join(moduleDir, 'migrations')];
  for (let dir = moduleDir; ; dir = dirname(dir)) {
    roots.push(join(dir, SHIPPED_AT));
    if (dirname(dir) === dir) return roots;
  }
}

/** The migrations folder of this installation (see the header comment for the layouts). */
export function migrationsRoot(moduleUrl: string = import.meta.url): string {
  const tried = candidateRoots(dirname(fileURLToPath(moduleUrl)));
  const found = tried.find((dir) => existsSync(join(dir, 'index')));
  if (found === undefined) {
    throw new CairnError('INTERNAL', `cairn's SQL migrations were not found (looked in ${tried.join(', ')}).`, {
      hint: 'The installation is incomplete: reinstall cairn.',
    });
  }
  return found;
}

/** Reads one database's migrations, checking they are numbered 1..n without gaps. */
export function loadMigrations(schema: SchemaName, root: string = migrationsRoot()): Migration[] {
  const dir = join(root, schema);
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: Number(match[1]),
      name: match[2] ?? file,
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, at) => {
    if (migration.version !== at + 1) {
      throw new CairnError('INTERNAL', `Migrations of ${schema} are not numbered 1..n (found ${migration.version} at ${at + 1}).`);
    }
  });
  return migrations;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function tooNew(store: StoreFile, found: number, supported: number): IndexError {
  return new IndexError(
    'INDEX_TOO_NEW',
    `The ${store.label} at ${store.file} has schema version ${found}; this cairn supports up to ${supported}.`,
    { hint: `Upgrade cairn, or delete ${store.dir} and re-run \`cairn index\`.` },
  );
}

/**
 * user_version is a signed 32-bit field of the header: a negative one was never written
 * by cairn, and version 0 with tables in the file means the header lost what the tables
 * say (migrating would fail on "table already exists").
 */
function requirePlausibleVersion(db: Db, store: StoreFile, found: number): void {
  if (found < 0) throw damaged(store, `has the impossible schema version ${found}`);
  if (found === 0 && tablesOf(db).size > 0) throw damaged(store, 'holds tables but no schema version');
}

/**
 * Brings a writable database up to the last migration and checks its tables (`schema`:
 * which list of REQUIRED_TABLES). A database written by a newer cairn is refused rather
 * than touched.
 */
export function migrate(db: Db, store: StoreFile, migrations: Migration[], schema?: SchemaName): number {
  const target = migrations.length;
  const current = schemaVersion(db);
  if (current > target) throw tooNew(store, current, target);
  if (current < target) applyPending(db, store, migrations);
  else requirePlausibleVersion(db, store, current);
  if (schema !== undefined) requireTables(db, store, schema);
  return target;
}

/**
 * Applies the migrations the database lacks, one per write transaction, each chosen by the
 * version read inside that transaction: two processes creating the same store at once (two
 * `cairn mcp` started together) both read version 0 before either migrates, and the one
 * that gets the write lock second must see the first one's work rather than run migration 1
 * again ("table sessions already exists"), nor take the first one's tables for a damaged
 * header — so the version is checked, too, only under the lock.
 */
function applyPending(db: Db, store: StoreFile, migrations: Migration[]): void {
  for (let done = false; !done; ) {
    done = db
      .transaction((): boolean => {
        const version = schemaVersion(db);
        if (version > migrations.length) throw tooNew(store, version, migrations.length);
        requirePlausibleVersion(db, store, version);
        const next = migrations[version];
        if (next === undefined) return true;
        db.exec(next.sql);
        // user_version lives in the database header and is rolled back with the transaction.
        db.pragma(`user_version = ${next.version}`);
        return false;
      })
      .immediate();
  }
}

/** For read-only connections, which cannot migrate: the file must already be current, with its tables. */
export function requireVersion(db: Db, store: StoreFile, supported: number, schema?: SchemaName): void {
  const found = schemaVersion(db);
  if (found > supported) throw tooNew(store, found, supported);
  requirePlausibleVersion(db, store, found);
  if (found < supported) {
    const why = found === 0 ? 'has not been built' : `has schema version ${found}, older than ${supported}`;
    throw new IndexError('INDEX_MISSING', `The ${store.label} at ${store.file} ${why}.`, {
      hint: 'Run `cairn index` to build or upgrade it.',
    });
  }
  if (schema !== undefined) requireTables(db, store, schema);
}

/** Opens a database for writing and brings its schema up to date. */
export function openMigrated(store: StoreFile, schema: SchemaName, options: OpenOptions = {}): Db {
  const migrations = loadMigrations(schema);
  const db = openDatabase(store, 'write', options);
  try {
    migrate(db, store, migrations, schema);
    return db;
  } catch (error) {
    db.close();
    throw mapSqliteError(error, store);
  }
}
