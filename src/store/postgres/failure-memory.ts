// FailureMemory over the `failures` table of a repository's schema. Recording is one
// INSERT … ON CONFLICT (digest) DO NOTHING: two replicas recording the same failure at
// once keep one row, and both get it back. The reader writes nothing: its connection is
// read-only, and where nothing was ever recorded (no schema yet) it is empty without
// creating anything.

import { InputError } from '../../core/errors.js';
import { failureId, type FailureFrame, type FailureMemory, type FailureMemoryReader, type FailureRecord, type NewFailure } from '../failures.js';
import { connectPg, type PgConnection } from './connection.js';
import { mapPgError, withErrorMapping } from './errors.js';
import { openMigrated, requireSchemaVersion, schemaVersion } from './migrations.js';

export interface PgFailureMemoryOptions {
  now?: () => number;
}

interface FailureRow {
  id: string;
  digest: string;
  recorded_at: number;
  failure: string;
  [key: string]: unknown;
}

/** The texts of a failure, as stored in the `failure` JSON column. */
type FailureTexts = Omit<NewFailure, 'digest'>;

function recordOf(row: FailureRow): FailureRecord {
  const texts = JSON.parse(row.failure) as FailureTexts;
  return {
    id: row.id,
    digest: row.digest,
    recordedAt: row.recorded_at,
    phaseId: texts.phaseId,
    errorMessage: texts.errorMessage,
    errorType: texts.errorType,
    errorPattern: texts.errorPattern,
    frames: texts.frames,
    rootCause: texts.rootCause,
    resolution: texts.resolution,
  };
}

function textsJson(failure: NewFailure): string {
  const frames = failure.frames.map((frame: FailureFrame) => ({ path: frame.path, line: frame.line, func: frame.func }));
  const texts: FailureTexts = {
    phaseId: failure.phaseId, errorMessage: failure.errorMessage, errorType: failure.errorType, errorPattern: failure.errorPattern,
    frames, rootCause: failure.rootCause, resolution: failure.resolution,
  };
  try {
    return JSON.stringify(texts);
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'the failure cannot be stored as JSON', { cause: error });
  }
}

const COLUMNS = 'id, digest, recorded_at, failure';

class PgFailureReader implements FailureMemoryReader {
  constructor(protected readonly db: PgConnection) {}

  list(limit?: number): FailureRecord[] {
    const bound = limit === undefined ? null : Math.max(0, Math.floor(limit));
    return this.db.query<FailureRow>(`SELECT ${COLUMNS} FROM failures ORDER BY recorded_at DESC, id LIMIT $1`, [bound]).map(recordOf);
  }

  count(): number {
    return this.db.value<number>('SELECT count(*) FROM failures') ?? 0;
  }

  close(): void {
    this.db.close();
  }
}

class PgFailureMemory extends PgFailureReader implements FailureMemory {
  constructor(
    db: PgConnection,
    private readonly now: () => number,
  ) {
    super(db);
  }

  record(failure: NewFailure): { record: FailureRecord; created: boolean } {
    if (!/^[0-9a-f]{16,}$/.test(failure.digest)) {
      throw new InputError('INPUT_INVALID', `failure digest "${failure.digest.slice(0, 40)}" is not a hex digest`);
    }
    const inserted = this.db.one<FailureRow>(
      `INSERT INTO failures (${COLUMNS}) VALUES ($1, $2, $3, $4) ON CONFLICT (digest) DO NOTHING RETURNING ${COLUMNS}`,
      [failureId(failure.digest), failure.digest, this.now(), textsJson(failure)],
    );
    if (inserted !== undefined) return { record: recordOf(inserted), created: true };
    const stored = this.db.one<FailureRow>(`SELECT ${COLUMNS} FROM failures WHERE digest = $1`, [failure.digest])!;
    return { record: recordOf(stored), created: false };
  }
}

export function openPgFailureMemory(url: string, schema: string, options: PgFailureMemoryOptions = {}): FailureMemory {
  const db = openMigrated(url, schema, 'repository', (error, connection) => mapPgError(error, connection.target));
  return withErrorMapping<FailureMemory>(new PgFailureMemory(db, options.now ?? Date.now), (error) => mapPgError(error, db.target));
}

const EMPTY_READER: FailureMemoryReader = { list: () => [], count: () => 0, close: () => undefined };

/** Reads without writing: a read-only connection; an empty reader when the schema was never migrated. */
export function openPgFailureReader(url: string, schema: string): FailureMemoryReader {
  const db = connectPg(url, { schema });
  try {
    if (schemaVersion(db, 'repository') === 0) {
      db.close();
      return EMPTY_READER;
    }
    requireSchemaVersion(db, 'repository');
    db.script('SET default_transaction_read_only = on');
  } catch (error) {
    db.close();
    throw mapPgError(error, db.target);
  }
  return withErrorMapping<FailureMemoryReader>(new PgFailureReader(db), (error) => mapPgError(error, db.target));
}
