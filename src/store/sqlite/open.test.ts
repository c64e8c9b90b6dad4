// Opening SQLite stores: missing, too new, corrupt and truncated files become the right
// IndexError; the directory is created for writing only; WAL is on.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entityKey } from '../../core/entities.js';
import { AppendOnlyError, CairnError, IndexError } from '../../core/errors.js';
import { CURRENT_SCHEMA_VERSION } from '../curated.js';
import { indexPaths } from './layout.js';
import { openSqliteCuratedReader, openSqliteIndexWriter } from './open-curated.js';
import { mapRawLogError, openSqliteRawLog, rawLogStoreFile } from './raw-log.js';
import { openSqliteSessionStore } from './session-store.js';
import { thrownBy } from '../../../test/support/thrown.js';

let parent: string;
let dir: string;

beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'cairn-open-'));
  dir = join(parent, 'nested', '.cairn');
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

function expectIndexError(run: () => unknown, code: IndexError['code']): IndexError {
  const error = thrownBy(run);
  expect(error).toBeInstanceOf(IndexError);
  expect((error as IndexError).code).toBe(code);
  return error as IndexError;
}

/** An index big enough that losing its second half loses table and FTS pages. */
function buildIndex(): void {
  const writer = openSqliteIndexWriter(dir);
  writer.writeFiles(
    Array.from({ length: 300 }, (_, at) => {
      const path = `src/file_${at}.ts`;
      return {
        file: {
          path, language: 'typescript', kind: 'code', size: 1, mtimeMs: 1, hash: `h${at}`, lines: 1, method: 'ast', parseNote: null,
          isTest: false, isExample: false, isVendored: false, isGenerated: false, lastCommitAt: null, commitCount: 0,
        },
        symbols: [{
          key: entityKey(path, `fn${at}`), path, name: `fn${at}`, qualifiedName: `fn${at}`, kind: 'function', signature: `function fn${at}()`,
          doc: null, startByte: 0, endByte: 1, startLine: 1, endLine: 1, signatureEndLine: 1, parent: null, exported: true, method: 'ast',
        }],
        imports: [], rawReferences: [], docChunks: [],
        text: `export function fn${at}() { return widget_${at} + common.value; } // ${'filler '.repeat(40)}`,
        symbolBodies: new Map(),
      };
    }),
  );
  writer.close();
}

/** Every read a face might do first; a damaged file must fail one of them. */
function readEverything(): void {
  const reader = openSqliteCuratedReader(dir);
  try {
    reader.stats();
    reader.files();
    reader.allSymbols();
    reader.search({ terms: ['common', 'widget_150'], target: 'file', limit: 500 });
    reader.search({ terms: ['fn299'], target: 'symbol', limit: 5 });
  } finally {
    reader.close();
  }
}

describe('opening the curated index', () => {
  it('creates the index directory when opening for write, and uses WAL', () => {
    openSqliteIndexWriter(dir).close();
    expect(statSync(dir).isDirectory()).toBe(true);
    const db = new Database(indexPaths(dir).curated, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(CURRENT_SCHEMA_VERSION);
    db.close();
  });

  it('says INDEX_MISSING, naming the directory, when there is no index to read', () => {
    const error = expectIndexError(() => openSqliteCuratedReader(dir), 'INDEX_MISSING');
    expect(error.message).toContain(dir);
    expect(error.hint).toContain('cairn index');
    expect(existsSync(dir)).toBe(false);
  });

  it('says INDEX_MISSING for a database that was never built', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(indexPaths(dir).curated, '');
    expectIndexError(() => openSqliteCuratedReader(dir), 'INDEX_MISSING');
  });

  it('refuses an index written by a newer schema, for reading and for writing', () => {
    openSqliteIndexWriter(dir).close();
    const db = new Database(indexPaths(dir).curated);
    db.pragma(`user_version = ${CURRENT_SCHEMA_VERSION + 1}`);
    db.close();
    expectIndexError(() => openSqliteCuratedReader(dir), 'INDEX_TOO_NEW');
    expectIndexError(() => openSqliteIndexWriter(dir), 'INDEX_TOO_NEW');
    // Refused, not touched.
    const after = new Database(indexPaths(dir).curated, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(CURRENT_SCHEMA_VERSION + 1);
    after.close();
  });

  it('says INDEX_CORRUPT, with a way out, for a file of random bytes', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(indexPaths(dir).curated, randomBytes(16 * 1024));
    const error = expectIndexError(() => openSqliteCuratedReader(dir), 'INDEX_CORRUPT');
    expect(error.hint).toContain('cairn index --rebuild');
    expect(error.cause).toBeDefined();
    expectIndexError(() => openSqliteIndexWriter(dir), 'INDEX_CORRUPT');
  });

  it('says INDEX_CORRUPT for a truncated index, at open or at the first read that hits the damage', () => {
    buildIndex();
    const file = indexPaths(dir).curated;
    expect(existsSync(`${file}-wal`)).toBe(false);
    truncateSync(file, Math.floor(statSync(file).size / 2));
    expectIndexError(readEverything, 'INDEX_CORRUPT');
  });

  it('says INDEX_CORRUPT for an index whose header survived but whose pages did not', () => {
    buildIndex();
    const file = indexPaths(dir).curated;
    const bytes = readFileSync(file);
    // Keep the first two pages (the header and the schema's root page) whatever the page size.
    const kept = 2 * bytes.readUInt16BE(16);
    randomBytes(bytes.length - kept).copy(bytes, kept);
    writeFileSync(file, bytes);
    expectIndexError(readEverything, 'INDEX_CORRUPT');
  });

  it('keeps reading its state through a reader while a writer commits, and moves on when asked', () => {
    buildIndex();
    const reader = openSqliteCuratedReader(dir);
    const writer = openSqliteIndexWriter(dir);
    writer.setState('complete');
    expect(reader.stats().files).toBe(300);
    writer.deleteFiles(['src/file_0.ts']);
    expect(reader.stats().files).toBe(300);
    expect(reader.latest()).toBe(true);
    expect(reader.stats().files).toBe(299);
    writer.close();
    reader.close();
  });
});

describe('opening the raw log and the session store', () => {
  it('creates both in the index directory, beside the index', () => {
    openSqliteRawLog(dir).close();
    openSqliteSessionStore(dir).close();
    expect(existsSync(indexPaths(dir).rawLog)).toBe(true);
    expect(existsSync(indexPaths(dir).sessions)).toBe(true);
  });

  it('refuses newer schemas and corrupt files', () => {
    openSqliteRawLog(dir).close();
    const db = new Database(indexPaths(dir).rawLog);
    db.pragma('user_version = 99');
    db.close();
    expectIndexError(() => openSqliteRawLog(dir), 'INDEX_TOO_NEW');
    writeFileSync(indexPaths(dir).sessions, randomBytes(8192));
    expectIndexError(() => openSqliteSessionStore(dir), 'INDEX_CORRUPT');
  });

  it('maps only the append-only triggers to AppendOnlyError', () => {
    openSqliteRawLog(dir).close();
    const db = new Database(indexPaths(dir).rawLog);
    const store = rawLogStoreFile(dir);
    const notNull = thrownBy(() => db.prepare("INSERT INTO entries (at, task_id, run_id, kind, payload) VALUES (1, 't', 'r', 'info', NULL)").run());
    expect(mapRawLogError(notNull, store)).not.toBeInstanceOf(AppendOnlyError);
    db.prepare("INSERT INTO entries (at, task_id, run_id, kind, payload) VALUES (1, 't', 'r', 'info', 'null')").run();
    const refused = thrownBy(() => db.prepare('DELETE FROM entries').run());
    expect(mapRawLogError(refused, store)).toBeInstanceOf(AppendOnlyError);
    expect(mapRawLogError(new Error('SQLITE_CONSTRAINT_TRIGGER'), store)).not.toBeInstanceOf(CairnError);
    db.close();
  });
});
