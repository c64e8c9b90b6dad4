// A consistent copy of the curated index in one file, for publishing as an index
// generation (store/generations.ts): VACUUM INTO reads one snapshot of index.db (whatever a
// writer commits meanwhile is not in it) and writes it compacted, with no WAL beside it.

import { existsSync } from 'node:fs';
import { InputError } from '../../core/errors.js';
import { mapSqliteError, openDatabase } from './connection.js';
import { curatedStoreFile } from './open-curated.js';

export function snapshotSqliteIndex(indexDir: string, target: string): void {
  if (existsSync(target)) throw new InputError('INPUT_INVALID', `${target} exists: a snapshot is written to a new file`);
  const store = curatedStoreFile(indexDir);
  const db = openDatabase(store, 'read');
  try {
    db.prepare('VACUUM INTO ?').run(target);
  } catch (error) {
    throw mapSqliteError(error, store);
  } finally {
    db.close();
  }
}
