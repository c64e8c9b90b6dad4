// Regression: issue 21 and issue 26 both numbered a curated-index migration 5. An index
// built by either line before the merge must open with today's writer, reach the current
// version and hold both changes (signature end lines, file metadata).

import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../curated.js';
import { indexPaths } from './layout.js';
import { loadMigrations, migrationsRoot, schemaVersion } from './migrations.js';
import { openSqliteIndexWriter } from './open-curated.js';
import { tablesOf } from './schema-tables.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An index.db at version 5 as one line of work left it: migrations 1–4, then its own 5. */
function builtBefore(fifth: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'cairn-branch-')), '.cairn');
  dirs.push(join(dir, '..'));
  mkdirSync(dir);
  const db = new Database(indexPaths(dir).curated);
  for (const migration of loadMigrations('index').slice(0, 4)) db.exec(migration.sql);
  db.exec(readFileSync(join(migrationsRoot(), 'index', fifth), 'utf8'));
  db.pragma('user_version = 5');
  db.close();
  return dir;
}

function opened(dir: string): { version: number; tables: Set<string>; columns: string[] } {
  openSqliteIndexWriter(dir).close();
  const db = new Database(indexPaths(dir).curated, { readonly: true });
  try {
    return { version: schemaVersion(db), tables: tablesOf(db), columns: db.prepare("SELECT name FROM pragma_table_info('symbols')").pluck().all() as string[] };
  } finally {
    db.close();
  }
}

describe('an index numbered by either line of work', () => {
  it.each(['005_signature_end_line.sql', '006_file_meta.sql'])('built with %s as version 5 opens at the current version with both changes', (fifth) => {
    const { version, tables, columns } = opened(builtBefore(fifth));
    expect(version).toBe(CURRENT_SCHEMA_VERSION);
    expect(columns).toContain('signature_end_line');
    expect(tables.has('file_meta')).toBe(true);
    expect(tables.has('file_meta_fts')).toBe(true);
  });
});
