// A CuratedReader that reads one state of index.db from open to close: its connection
// holds a read transaction, so an index run writing in place (WAL) is invisible to it
// until it asks for `latest()`, and a rebuild published by renaming a new file over
// index.db leaves it reading the file it opened. A command therefore never answers from
// part of an index run.
//
// `latest()` moves on only to a complete state, and keeps its connection (and every cache
// keyed to it) when nothing was committed since it pinned its state.

import { statSync } from 'node:fs';
import type { CuratedReader } from '../curated.js';
import { mapSqliteError, openDatabase, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { SqliteCuratedReader } from './curated-reader.js';
import { registerPathMatcher } from './file-filter.js';
import { requireVersion } from './migrations.js';

interface Pinned {
  db: Db;
  reader: SqliteCuratedReader;
  /** The file opened: a published rebuild is another file. */
  inode: number;
  /** data_version as of the pinned state: it moves when another connection commits. */
  dataVersion: number;
}

/** Opening races with a rebuild's rename this many times at most before giving up the race. */
const OPEN_ATTEMPTS = 3;
const STATE = "SELECT value FROM meta WHERE key = 'state'";

function inode(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.ino ?? -1;
}

function dataVersion(db: Db): number {
  return db.pragma('data_version', { simple: true }) as number;
}

/** Starts a read transaction: from here the connection reads one state. */
function begin(db: Db): void {
  db.exec('BEGIN');
  db.prepare(STATE).get();
}

function stateOf(pinned: Pinned): string | null {
  return (pinned.db.prepare(STATE).pluck().get() as string | undefined) ?? null;
}

/**
 * Opens the file and pins its current state. The inode is compared before and after:
 * when a rebuild was renamed into place meanwhile, the connection may have paired the
 * old file with the new one's side files, so it is dropped and the new file opened.
 */
function pin(store: StoreFile, schemaVersion: number): Pinned {
  for (let attempt = 1; ; attempt++) {
    const before = inode(store.file);
    const db = openDatabase(store, 'read');
    try {
      requireVersion(db, store, schemaVersion, 'index');
      registerPathMatcher(db);
      begin(db);
      if (inode(store.file) === before || attempt === OPEN_ATTEMPTS) {
        return { db, reader: new SqliteCuratedReader(db), inode: before, dataVersion: dataVersion(db) };
      }
    } catch (error) {
      db.close();
      throw mapSqliteError(error, store);
    }
    db.close();
  }
}

function release(pinned: Pinned): void {
  if (!pinned.db.open) return;
  if (pinned.db.inTransaction) pinned.db.exec('COMMIT');
  pinned.db.close();
}

/**
 * Moves `current` to the newest state if that is complete. The newest state is pinned on a
 * second connection first, so that when it is not complete (a run is part-way) the current
 * one is still held. Returns the reader to keep: `current` (re-pinned when nothing changed,
 * which keeps its caches) or the newer one.
 */
function advance(current: Pinned, store: StoreFile, schemaVersion: number): Pinned {
  const newest = pin(store, schemaVersion);
  if (stateOf(newest) !== 'complete') {
    release(newest);
    return current;
  }
  if (newest.inode === current.inode) {
    current.db.exec('COMMIT');
    const unchanged = dataVersion(current.db) === current.dataVersion;
    begin(current.db);
    // Nothing committed since (or a run began in the instant between): the state is the same.
    if (unchanged && stateOf(current) === 'complete') {
      release(newest);
      return current;
    }
  }
  release(current);
  return newest;
}

export function openPinnedReader(store: StoreFile, schemaVersion: number): CuratedReader {
  let current = pin(store, schemaVersion);
  // Content versions are per connection: the generation keeps two connections' apart.
  let generation = 0;
  const own = {
    latest(): boolean {
      const next = advance(current, store, schemaVersion);
      if (next === current) return false;
      current = next;
      generation += 1;
      return true;
    },
    contentVersion: () => `${generation}:${current.reader.contentVersion()}`,
    close: () => release(current),
  };
  const reader = new Proxy(own as unknown as CuratedReader, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return Reflect.get(target, property);
      const value: unknown = Reflect.get(current.reader, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current.reader) : value;
    },
  });
  return withErrorMapping(reader, (error) => mapSqliteError(error, store));
}
