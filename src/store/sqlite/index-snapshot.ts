// A consistent copy of the curated index (and of the vectors, when there are any) in one
// file each, for publishing as an index generation (store/generations.ts): VACUUM INTO reads
// one snapshot of the database (whatever a writer commits meanwhile is not in it) and writes
// it compacted, with no WAL beside it.

import { existsSync } from 'node:fs';
import { InputError } from '../../core/errors.js';
import { mapSqliteError, openDatabase, type StoreFile } from './connection.js';
import { curatedStoreFile } from './open-curated.js';
import { loadVectorExtension, vectorStoreFile } from './vector-index.js';

export function snapshotSqliteIndex(indexDir: string, target: string): void {
  snapshot(curatedStoreFile(indexDir), target, false);
}

/** vectors.db (symbol vectors, completed paths, the embedding cache) copied whole; false when the index has none. */
export function snapshotSqliteVectors(indexDir: string, target: string): boolean {
  const store = vectorStoreFile(indexDir);
  if (!existsSync(store.file)) return false;
  snapshot(store, target, true);
  return true;
}

function snapshot(store: StoreFile, target: string, vectors: boolean): void {
  if (existsSync(target)) throw new InputError('INPUT_INVALID', `${target} exists: a snapshot is written to a new file`);
  const db = openDatabase(store, 'read');
  try {
    // The vec0 table's module must be there for the schema that names it to be read.
    if (vectors) loadVectorExtension(db, store);
    db.prepare('VACUUM INTO ?').run(target);
  } catch (error) {
    throw mapSqliteError(error, store);
  } finally {
    db.close();
  }
}
