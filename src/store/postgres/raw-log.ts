// RawLog over the `raw_log` table of a repository's schema. The adapter only appends; the
// table's triggers refuse UPDATE, DELETE and TRUNCATE from any connection (SQLSTATE CX001,
// reported as AppendOnlyError), so history cannot be rewritten behind cairn's back either.
// `seq` is an identity column: unique and increasing across every writer on every machine
// (a rolled-back append leaves a gap, never a reuse). A batch is one INSERT, its rows
// numbered in the order given. The table is range-partitioned by seq (migration 002):
// retention is the database's `raw_log_keep(maxBytes)`, which drops whole old partitions,
// called on open and then each time this process has written about a quarter of a
// partition's worth — not before every batch (a round trip each).

import { AppendOnlyError, InputError } from '../../core/errors.js';
import type { RawLog, RawLogEntry, RawLogKind, RawLogQuery, RawLogRecord, RawLogUsage } from '../raw-log.js';
import type { PgTarget } from './connection-url.js';
import type { PgConnection } from './connection.js';
import { mapPgError, sqlStateOf, SQLSTATE, withErrorMapping } from './errors.js';
import { pgTextArray } from './values.js';
import { openMigrated } from './migrations.js';

/** The bound retention keeps the log under (log.maxBytes in cairn.yaml), as the SQLite log's. */
export const DEFAULT_PG_RAW_LOG_MAX_BYTES = 64 * 1024 * 1024;

/** A partition is closed at an eighth of the bound, never below this (the SQLite segments' rule). */
const MIN_PARTITION_BYTES = 256 * 1024;

export interface PgRawLogOptions {
  now?: () => number;
  maxBytes?: number;
}

interface EntryRow {
  seq: number;
  at: number;
  task_id: string;
  run_id: string;
  kind: string;
  stage: string | null;
  payload: string;
  [key: string]: unknown;
}

const INSERT_BATCH = `INSERT INTO raw_log (at, task_id, run_id, kind, stage, payload)
  SELECT $1, e.task_id, e.run_id, e.kind, e.stage, coalesce(e.payload, 'null'::json)
  FROM ROWS FROM (json_to_recordset($2::json) AS (task_id text, run_id text, kind text, stage text, payload json))
    WITH ORDINALITY AS e(task_id, run_id, kind, stage, payload, n)
  ORDER BY e.n`;

function payloadJson(payload: unknown): string {
  try {
    return JSON.stringify(payload === undefined ? null : payload);
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'A raw log payload is not JSON-serialisable.', { cause: error });
  }
}

/** The batch as one JSON parameter; payloads are serialised first, so a bad one stops the batch before any row. */
function batchJson(entries: readonly RawLogEntry[]): { json: string; payloads: string[] } {
  const payloads = entries.map((entry) => payloadJson(entry.payload));
  const rows = entries.map((e, i) => `{"task_id":${JSON.stringify(e.taskId)},"run_id":${JSON.stringify(e.runId)},"kind":${JSON.stringify(e.kind)},"stage":${JSON.stringify(e.stage)},"payload":${payloads[i]}}`);
  return { json: `[${rows.join(',')}]`, payloads };
}

function recordOf(row: EntryRow): RawLogRecord {
  return { seq: row.seq, at: row.at, taskId: row.task_id, runId: row.run_id, kind: row.kind as RawLogKind, stage: row.stage, payload: JSON.parse(row.payload) as unknown };
}

export function mapPgRawLogError(error: unknown, target: PgTarget): unknown {
  if (sqlStateOf(error) === SQLSTATE.appendOnly) {
    return new AppendOnlyError('The raw log in PostgreSQL is append-only; entries cannot be changed or removed.', { cause: error });
  }
  return mapPgError(error, target);
}

class PgRawLog implements RawLog {
  /** JSON bytes appended since retention last ran; it runs again past `keepEvery`. */
  private sinceKeep = 0;
  private readonly keepEvery: number;

  constructor(
    private readonly db: PgConnection,
    private readonly now: () => number,
    private readonly maxBytes: number,
  ) {
    this.keepEvery = Math.max(MIN_PARTITION_BYTES, Math.floor(maxBytes / 8)) / 4;
  }

  /** Closes a full newest partition and drops the oldest while over the bound (in the database, as its owner). */
  keep(): void {
    this.db.query('SELECT raw_log_keep($1)', [this.maxBytes]);
    this.sinceKeep = 0;
  }

  private keepIfDue(json: string): void {
    if (this.sinceKeep >= this.keepEvery) this.keep();
    this.sinceKeep += json.length;
  }

  append(entry: RawLogEntry): RawLogRecord {
    return this.appendMany([entry])[0]!;
  }

  appendMany(entries: RawLogEntry[]): RawLogRecord[] {
    if (entries.length === 0) return [];
    const { json, payloads } = batchJson(entries);
    this.keepIfDue(json);
    const at = this.now();
    const seqs = this.db.query<{ seq: number }>(`${INSERT_BATCH} RETURNING seq`, [at, json]).map((row) => row.seq).sort((a, b) => a - b);
    return entries.map((entry, i) => ({ ...entry, payload: JSON.parse(payloads[i]!) as unknown, seq: seqs[i]!, at }));
  }

  appendAll(entries: readonly RawLogEntry[]): void {
    if (entries.length === 0) return;
    const { json } = batchJson(entries);
    this.keepIfDue(json);
    this.db.run(INSERT_BATCH, [this.now(), json]);
  }

  read(query: RawLogQuery): RawLogRecord[] {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (condition: string, value: unknown): void => {
      params.push(value);
      conditions.push(condition.replace('?', `$${params.length}`));
    };
    if (query.taskId !== undefined) add('task_id = ?', query.taskId);
    if (query.runId !== undefined) add('run_id = ?', query.runId);
    if (query.stage !== undefined) add('stage = ?', query.stage);
    if (query.kinds !== undefined && query.kinds.length > 0) add('kind = ANY (?::text[])', pgTextArray(query.kinds));
    const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
    return this.db.query<EntryRow>(`SELECT seq, at, task_id, run_id, kind, stage, payload FROM raw_log ${where} ORDER BY seq`, params).map(recordOf);
  }

  runsOf(taskId: string): string[] {
    return this.db.query<{ run_id: string }>('SELECT run_id FROM raw_log WHERE task_id = $1 GROUP BY run_id ORDER BY min(seq)', [taskId]).map((row) => row.run_id);
  }

  usage(): RawLogUsage {
    const row = this.db.one<{ segments: number; bytes: number; oldest: number | null }>(
      'SELECT count(*)::int AS segments, coalesce(sum(bytes), 0)::bigint AS bytes, (SELECT at FROM raw_log ORDER BY seq LIMIT 1) AS oldest FROM raw_log_partitions()',
    );
    return { segments: row?.segments ?? 0, bytes: row?.bytes ?? 0, maxBytes: this.maxBytes, oldestAt: row?.oldest ?? null };
  }

  close(): void {
    this.db.close();
  }
}

/** Opens the raw log of the repository whose schema is `schema`, migrating it on first use. */
export function openPgRawLog(url: string, schema: string, options: PgRawLogOptions = {}): RawLog {
  const db = openMigrated(url, schema, 'repository', (error, connection) => mapPgRawLogError(error, connection.target));
  const log = new PgRawLog(db, options.now ?? Date.now, options.maxBytes ?? DEFAULT_PG_RAW_LOG_MAX_BYTES);
  const mapped = withErrorMapping<RawLog & { keep(): void }>(log, (error) => mapPgRawLogError(error, db.target));
  try {
    mapped.keep();
  } catch (error) {
    db.close();
    throw error;
  }
  return mapped;
}
