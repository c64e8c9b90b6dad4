// Migrations: found from every build layout, numbered without gaps, applied atomically.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { CairnError, IndexError } from '../../core/errors.js';
import { CURRENT_SCHEMA_VERSION } from '../curated.js';
import { loadMigrations, migrate, migrationsRoot, schemaVersion } from './migrations.js';
import { decodeRawRefs } from './rows.js';
import type { RawReference } from '../../core/entities.js';

let dir: TempDir;
let root: string;
beforeEach(() => {
  dir = tempDir('cairn-migrations-');
  root = dir.path;
});
afterEach(() => dir.remove());

const file = (path: string, text = ''): void => dir.write(path, text);

const store = { label: 'test database', file: 'test.db', dir: '.', repair: 'Delete it.' };

describe('migrationsRoot', () => {
  it('finds the shipped folder from src/, dist/ and dist/src/ layouts', () => {
    file('pkg/src/store/sqlite/migrations/index/001_initial.sql');
    const expected = join(root, 'pkg/src/store/sqlite/migrations');
    for (const module of ['pkg/src/store/sqlite/migrations.ts', 'pkg/dist/store/sqlite/migrations.js', 'pkg/dist/src/store/sqlite/migrations.js']) {
      expect(migrationsRoot(pathToFileURL(join(root, module)).href)).toBe(expected);
    }
  });

  it('says INTERNAL when the installation has no migrations', () => {
    const error = (() => {
      try {
        migrationsRoot(pathToFileURL(join(root, 'elsewhere/dist/store/sqlite/migrations.js')).href);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CairnError);
    expect((error as CairnError).code).toBe('INTERNAL');
  });

  it('resolves to this repository\'s folder when running from source', () => {
    expect(migrationsRoot()).toMatch(/src[\\/]store[\\/]sqlite[\\/]migrations$/);
  });
});

describe('loadMigrations', () => {
  it('has the curated index migrations end at CURRENT_SCHEMA_VERSION', () => {
    expect(loadMigrations('index').map((m) => m.version)).toEqual(
      Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, at) => at + 1),
    );
    for (const schema of ['raw-log', 'sessions'] as const) expect(loadMigrations(schema).length).toBeGreaterThan(0);
  });

  it('orders by number, ignores other files, and refuses gaps', () => {
    file('m/index/002_second.sql', 'SELECT 2;');
    file('m/index/001_first.sql', 'SELECT 1;');
    file('m/index/README.md', 'not a migration');
    expect(loadMigrations('index', join(root, 'm')).map((m) => [m.version, m.name])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    file('m/index/004_fourth.sql', 'SELECT 4;');
    expect(() => loadMigrations('index', join(root, 'm'))).toThrow(CairnError);
  });
});

describe('migrate', () => {
  it('applies pending migrations in order and records the version', () => {
    const db = new Database(':memory:');
    const migrations = [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x);' },
      { version: 2, name: 'b', sql: 'CREATE TABLE b (y);' },
    ];
    expect(migrate(db, store, migrations.slice(0, 1))).toBe(1);
    expect(migrate(db, store, migrations)).toBe(2);
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(['a', 'b']);
    db.close();
  });

  it('rolls a failing migration back entirely, version included', () => {
    const db = new Database(':memory:');
    const broken = [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x);' },
      { version: 2, name: 'b', sql: 'CREATE TABLE b (y); CREATE TABLE c (z); INSERT INTO nowhere VALUES (1);' },
    ];
    expect(() => migrate(db, store, broken)).toThrow();
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['a']);
    db.close();
  });

  it('regression: two processes creating a store at once — the second to take the write lock sees the first one\'s migrations ("table sessions already exists")', () => {
    const dir = tempDir('cairn-migrate-race-');
    try {
      const file = join(dir.path, 'sessions.db');
      const first = new Database(file);
      const second = new Database(file);
      const migrations = [
        { version: 1, name: 'a', sql: 'CREATE TABLE sessions (x);' },
        { version: 2, name: 'b', sql: 'CREATE TABLE b (y);' },
      ];
      // The interleaving of the race: the second reads version 0, then the first migrates everything.
      let raced = false;
      const racing = new Proxy(second, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (key !== 'pragma' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
          return (source: string, options?: { simple?: boolean }) => {
            const result = (value as (s: string, o?: { simple?: boolean }) => unknown).call(target, source, options);
            if (!raced && source === 'user_version' && options?.simple) {
              raced = true;
              migrate(first, store, migrations);
            }
            return result;
          };
        },
      });
      expect(migrate(racing, store, migrations)).toBe(2);
      expect(raced).toBe(true);
      expect(schemaVersion(second)).toBe(2);
      first.close();
      second.close();
    } finally {
      dir.remove();
    }
  });

  it('refuses a database newer than its migrations', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 3');
    expect(() => migrate(db, store, [{ version: 1, name: 'a', sql: 'SELECT 1;' }])).toThrow(IndexError);
    db.close();
  });
});

describe('the curated index migrations', () => {
  it('keep every reference edge when version 3 re-clusters refs by path', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations('index');
    migrate(db, store, migrations.slice(0, 2));
    const insert = db.prepare('INSERT INTO refs (from_key, to_key, kind, from_path, to_path, count, confidence) VALUES (?, ?, ?, ?, ?, ?, ?)');
    insert.run('a.py::f', 'b.py::g', 'call', 'a.py', 'b.py', 2, 0.9);
    insert.run('a.py', 'b.py::G', 'inherit', 'a.py', 'b.py', 1, 1);
    const before = db.prepare('SELECT from_key, to_key, kind, from_path, to_path, count, confidence FROM refs ORDER BY from_key').all();
    migrate(db, store, migrations);
    expect(schemaVersion(db)).toBe(CURRENT_SCHEMA_VERSION);
    expect(db.prepare('SELECT from_key, to_key, kind, from_path, to_path, count, confidence FROM refs ORDER BY from_key').all()).toEqual(before);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT from_key FROM refs WHERE to_path = 'b.py' AND to_key = 'b.py::g'").all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain('refs_by_to');
    db.close();
  });

  it('keeps every raw reference, in order, when version 4 stores them as one list per file', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations('index');
    migrate(db, store, migrations.slice(0, 3));
    const insert = db.prepare('INSERT INTO raw_refs (from_path, ord, from_key, name, qualifier, kind, line) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const rows: [string, number, string, string, string | null, string, number][] = [
      ['b.py', 0, 'b.py::g', 'zeta', null, 'call', 4],
      ['b.py', 1, 'b.py', 'alpha', 'mod', 'read', 1],
      ['b.py', 2, 'b.py::g', 'zeta', 'x"y', 'call', 5],
      ['b.py', 3, 'b.py::a', 'größe', '', 'type', 2],
      ['a.py', 0, 'a.py::f', 'alpha', null, 'inherit', 9],
    ];
    // Inserted out of order: the lists follow `ord`, not insertion order.
    for (const row of [...rows].reverse()) insert.run(...row);
    migrate(db, store, migrations);
    expect(schemaVersion(db)).toBe(CURRENT_SCHEMA_VERSION);
    const decoded: RawReference[] = [];
    const lists = db.prepare('SELECT from_path, refs FROM raw_ref_lists ORDER BY from_path').all() as { from_path: string; refs: string }[];
    for (const list of lists) decodeRawRefs(list.from_path, list.refs, decoded);
    const expected = [rows[4]!, ...rows.slice(0, 4)].map(([fromPath, , fromKey, name, qualifier, kind, line]) => ({ fromPath, fromKey, name, qualifier, kind, line }));
    expect(decoded).toEqual(expected);
    expect(db.prepare('SELECT name, from_path FROM raw_ref_names ORDER BY name, from_path').raw().all()).toEqual([
      ['alpha', 'a.py'],
      ['alpha', 'b.py'],
      ['größe', 'b.py'],
      ['zeta', 'b.py'],
    ]);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('raw_refs', 'raw_refs_by_name')").pluck().get()).toBe(0);
    db.close();
  });
});
