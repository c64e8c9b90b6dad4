// FailureMemory over failures.db. A rollback journal, not WAL: diagnostics reads this file
// with the promise of writing nothing, and a reader of a WAL database creates or touches
// its -shm and -wal files, while a reader of a rollback-journal database only takes locks.
// Recording is rare and small, so WAL's concurrency is not needed here.

import { existsSync } from 'node:fs';
import { InputError } from '../../core/errors.js';
import { failureId, type FailureFrame, type FailureMemory, type FailureMemoryReader, type FailureRecord, type NewFailure } from '../failures.js';
import { mapSqliteError, openDatabase, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { indexPaths } from './layout.js';
import { loadMigrations, openMigrated, requireVersion, schemaVersion } from './migrations.js';
import { tablesOf } from './schema-tables.js';
import { StatementCache } from './statements.js';

export function failureStoreFile(indexDir: string): StoreFile {
  const file = indexPaths(indexDir).failures;
  return { label: 'failure memory', file, dir: indexDir, repair: `Move ${file} aside (to keep it); cairn starts again with no remembered failures.` };
}

export interface FailureMemoryOptions {
  /** Clock for recordedAt; injectable for tests. */
  now?: () => number;
}

interface FailureRow {
  id: string;
  digest: string;
  recorded_at: number;
  phase_id: string | null;
  error_message: string;
  error_type: string | null;
  error_pattern: string;
  frames: string;
  root_cause: string;
  resolution: string;
}

const COLUMNS = 'id, digest, recorded_at, phase_id, error_message, error_type, error_pattern, frames, root_cause, resolution';

function recordOf(row: FailureRow): FailureRecord {
  return {
    id: row.id,
    digest: row.digest,
    recordedAt: row.recorded_at,
    phaseId: row.phase_id,
    errorMessage: row.error_message,
    errorType: row.error_type,
    errorPattern: row.error_pattern,
    frames: JSON.parse(row.frames) as FailureFrame[],
    rootCause: row.root_cause,
    resolution: row.resolution,
  };
}

function framesJson(frames: readonly FailureFrame[]): string {
  try {
    return JSON.stringify(frames.map((frame) => ({ path: frame.path, line: frame.line, func: frame.func })));
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'the failure frames cannot be stored as JSON', { cause: error });
  }
}

class SqliteFailureReader implements FailureMemoryReader {
  protected readonly sql: StatementCache;

  constructor(protected readonly db: Db) {
    this.sql = new StatementCache(db);
  }

  list(limit?: number): FailureRecord[] {
    const bound = limit === undefined ? -1 : Math.max(0, Math.floor(limit));
    return this.sql.all<FailureRow>(`SELECT ${COLUMNS} FROM failures ORDER BY recorded_at DESC, id LIMIT ?`, bound).map(recordOf);
  }

  count(): number {
    return this.sql.one<{ n: number }>('SELECT count(*) AS n FROM failures')?.n ?? 0;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

class SqliteFailureMemory extends SqliteFailureReader implements FailureMemory {
  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    super(db);
  }

  record(failure: NewFailure): { record: FailureRecord; created: boolean } {
    if (!/^[0-9a-f]{16,}$/.test(failure.digest)) {
      throw new InputError('INPUT_INVALID', `failure digest "${failure.digest.slice(0, 40)}" is not a hex digest`);
    }
    // IMMEDIATE: two processes recording the same failure cannot both find it absent.
    return this.db
      .transaction(() => {
        const stored = this.sql.one<FailureRow>(`SELECT ${COLUMNS} FROM failures WHERE digest = ?`, failure.digest);
        if (stored !== undefined) return { record: recordOf(stored), created: false };
        const id = failureId(failure.digest);
        this.sql.run(
          `INSERT INTO failures (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          failure.digest,
          this.now(),
          failure.phaseId,
          failure.errorMessage,
          failure.errorType,
          failure.errorPattern,
          framesJson(failure.frames),
          failure.rootCause,
          failure.resolution,
        );
        const row = this.sql.one<FailureRow>(`SELECT ${COLUMNS} FROM failures WHERE id = ?`, id)!;
        return { record: recordOf(row), created: true };
      })
      .immediate();
  }
}

/** Opens (creating when absent) `<indexDir>/failures.db` for recording. */
export function openSqliteFailureMemory(indexDir: string, options: FailureMemoryOptions = {}): FailureMemory {
  const store = failureStoreFile(indexDir);
  const db = openMigrated(store, 'failures', { journal: 'delete' });
  return withErrorMapping<FailureMemory>(new SqliteFailureMemory(db, options.now ?? Date.now), (error) => mapSqliteError(error, store));
}

/** Nothing recorded yet: no file, and none is created. */
const EMPTY_READER: FailureMemoryReader = { list: () => [], count: () => 0, close: () => undefined };

/**
 * Reads `<indexDir>/failures.db` without writing anything: no file or directory is created
 * (a memory never recorded into reads as empty) and the connection is read-only.
 */
export function openSqliteFailureReader(indexDir: string): FailureMemoryReader {
  const store = failureStoreFile(indexDir);
  if (!existsSync(store.file)) return EMPTY_READER;
  const db = openDatabase(store, 'read');
  try {
    // A file created but never migrated (version 0, no tables) holds nothing yet.
    if (schemaVersion(db) === 0 && tablesOf(db).size === 0) {
      db.close();
      return EMPTY_READER;
    }
    requireVersion(db, store, loadMigrations('failures').length, 'failures');
  } catch (error) {
    db.close();
    throw mapSqliteError(error, store);
  }
  return withErrorMapping<FailureMemoryReader>(new SqliteFailureReader(db), (error) => mapSqliteError(error, store));
}
