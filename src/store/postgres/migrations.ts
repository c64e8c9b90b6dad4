// Schema migrations for the PostgreSQL store: numbered `.sql` files per stream
// (migrations/<stream>/NNN_name.sql), applied in order on first use. Two processes may
// start together on an empty database: the whole check-and-apply runs in one transaction
// holding a transaction-scoped advisory lock on the schema's name, so the second waits
// for the first, then finds everything applied. PostgreSQL's DDL is transactional: a
// migration that fails leaves nothing behind.
//
// The files are read at run time, beside this module (src/) or in
// `src/store/postgres/migrations` of an ancestor directory (dist layouts; the folder
// ships in the npm package), like the SQLite adapter's.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CairnError, IndexError } from '../../core/errors.js';
import { connectPg, type PgConnection } from './connection.js';

/**
 * `repository`: the shared state of one repository (episode memory, failure memory,
 * sessions, raw log) in that repository's schema. `catalog`: the repositories and their
 * published index generations, in the one `cairn_catalog` schema.
 */
export type PgStream = 'repository' | 'catalog';

export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATION_FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
const SHIPPED_AT = join('src', 'store', 'postgres', 'migrations');

function migrationsRoot(): string {
  const moduleDir = dirname(fileURLToPath(import.meta.url));
  const tried = [join(moduleDir, 'migrations')];
  for (let dir = moduleDir; dirname(dir) !== dir; dir = dirname(dir)) tried.push(join(dir, SHIPPED_AT));
  const found = tried.find((dir) => existsSync(join(dir, 'repository')));
  if (found === undefined) {
    throw new CairnError('INTERNAL', `cairn's PostgreSQL migrations were not found (looked in ${tried.join(', ')}).`, {
      hint: 'The installation is incomplete: reinstall cairn.',
    });
  }
  return found;
}

export function loadPgMigrations(stream: PgStream): PgMigration[] {
  const dir = join(migrationsRoot(), stream);
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, i) => {
    if (migration.version !== i + 1) throw new CairnError('INTERNAL', `PostgreSQL migration ${stream}/${migration.version} is out of sequence`);
  });
  return migrations;
}

/**
 * Brings the connection's schema up to the newest migration of `stream`, creating the
 * schema when absent. Returns the versions it applied (none when another process had).
 */
export function migrate(db: PgConnection, stream: PgStream): number[] {
  const migrations = loadPgMigrations(stream);
  // Already current: nothing is written, so a serving role without CREATE rights opens it
  // (CREATE SCHEMA IF NOT EXISTS checks the right before it looks for the schema).
  const found = schemaVersion(db, stream);
  if (found > migrations.length) throw tooNew(db, stream, found, migrations.length);
  if (found === migrations.length) return [];
  return db.transaction(() => {
    db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cairn migrate ${db.schema}`]);
    db.script(`CREATE SCHEMA IF NOT EXISTS ${db.schema}`);
    db.script(`CREATE TABLE IF NOT EXISTS ${db.schema}.cairn_migrations (
      stream text NOT NULL, version integer NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream, version))`);
    const current = db.value<number>(`SELECT coalesce(max(version), 0) FROM ${db.schema}.cairn_migrations WHERE stream = $1`, [stream]) ?? 0;
    if (current > migrations.length) throw tooNew(db, stream, current, migrations.length);
    const applied: number[] = [];
    for (const migration of migrations.slice(current)) {
      db.script(migration.sql);
      db.run(`INSERT INTO ${db.schema}.cairn_migrations (stream, version, name) VALUES ($1, $2, $3)`, [stream, migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** The schema's version of `stream` without changing anything (0: never migrated, or no schema). */
export function schemaVersion(db: PgConnection, stream: PgStream): number {
  const exists = db.value<string | null>('SELECT to_regclass($1)::text', [`${db.schema}.cairn_migrations`]);
  if (exists === null || exists === undefined) return 0;
  return db.value<number>(`SELECT coalesce(max(version), 0) FROM ${db.schema}.cairn_migrations WHERE stream = $1`, [stream]) ?? 0;
}

/** A reader cannot migrate: the schema must be exactly the version this cairn knows. */
export function requireSchemaVersion(db: PgConnection, stream: PgStream): void {
  const known = loadPgMigrations(stream).length;
  const found = schemaVersion(db, stream);
  if (found > known) throw tooNew(db, stream, found, known);
  if (found < known) {
    throw new IndexError('INDEX_MISSING', `the PostgreSQL schema ${db.schema} is at ${stream} version ${found}, not ${known}`, {
      hint: 'run a cairn command that writes (it migrates on first use), then retry',
    });
  }
}

function tooNew(db: PgConnection, stream: PgStream, found: number, known: number): IndexError {
  return new IndexError('INDEX_TOO_NEW', `the PostgreSQL schema ${db.schema} is at ${stream} version ${found}; this cairn knows up to ${known}`, {
    hint: 'upgrade cairn on this machine: a newer cairn migrated the database',
  });
}

/** Connects in `schema` and migrates `stream` there; what fails is reported as the store's error. */
export function openMigrated(url: string, schema: string, stream: PgStream, mapError: (error: unknown, db: PgConnection) => unknown): PgConnection {
  const db = connectPg(url, { schema });
  try {
    migrate(db, stream);
    return db;
  } catch (error) {
    db.close();
    throw mapError(error, db);
  }
}
