// Opening database files for writing: new files get the chosen page size and WAL; files
// created earlier keep their page size and their contents.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_FILE_PAGE_SIZE, openDatabase, type StoreFile } from './connection.js';

let dir: string;
let store: StoreFile;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-connection-'));
  store = { label: 'test database', file: join(dir, 'test.db'), dir, repair: 'Delete it.' };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase for writing', () => {
  it('creates new files with NEW_FILE_PAGE_SIZE pages, in WAL mode', () => {
    const db = openDatabase(store, 'write');
    db.exec('CREATE TABLE t (x)');
    expect(db.pragma('page_size', { simple: true })).toBe(NEW_FILE_PAGE_SIZE);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const again = new Database(store.file, { readonly: true });
    expect(again.pragma('page_size', { simple: true })).toBe(NEW_FILE_PAGE_SIZE);
    again.close();
  });

  it('leaves the page size and rows of an existing file as they were', () => {
    const old = new Database(store.file);
    old.pragma('page_size = 4096');
    old.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('kept');");
    old.close();
    const db = openDatabase(store, 'write');
    expect(db.pragma('page_size', { simple: true })).toBe(4096);
    expect(db.prepare('SELECT x FROM t').pluck().all()).toEqual(['kept']);
    db.close();
  });
});
