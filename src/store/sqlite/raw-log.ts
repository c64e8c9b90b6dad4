// RawLog over raw-log.db. The adapter can only append; the database refuses UPDATE and
// DELETE through triggers (migrations/raw-log), so even another connection cannot rewrite
// history. A refusal surfaces as AppendOnlyError.

import { AppendOnlyError, InputError } from '../../core/errors.js';
import type { RawLog, RawLogEntry, RawLogKind, RawLogQuery, RawLogRecord } from '../raw-log.js';
import { mapSqliteError, sqliteErrorCode, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { indexPaths } from './layout.js';
import { openMigrated } from './migrations.js';
import { jsonList, StatementCache } from './statements.js';
import { parseStoredJson } from './store-damage.js';

export function rawLogStoreFile(indexDir: string): StoreFile {
  const file = indexPaths(indexDir).rawLog;
  return { label: 'raw log', file, dir: indexDir, repair: `Move ${file} aside (to keep it); cairn starts a new log.` };
}

/**
 * The append-only triggers are the only triggers in raw-log.db, so a trigger constraint
 * failure there is exactly a refused rewrite.
 */
export function mapRawLogError(error: unknown, store: StoreFile): unknown {
  if (sqliteErrorCode(error) === 'SQLITE_CONSTRAINT_TRIGGER') {
    return new AppendOnlyError(`The raw log at ${store.file} is append-only; entries cannot be changed or removed.`, {
      cause: error,
    });
  }
  return mapSqliteError(error, store);
}

export interface RawLogOptions {
  /** Clock for `at`; injectable for tests. */
  now?: () => number;
}

interface EntryRow {
  seq: number;
  at: number;
  task_id: string;
  run_id: string;
  kind: string;
  stage: string | null;
  payload: string;
}

const INSERT_ENTRY = 'INSERT INTO entries (at, task_id, run_id, kind, stage, payload) VALUES (?, ?, ?, ?, ?, ?)';

function payloadJson(payload: unknown): string {
  try {
    return JSON.stringify(payload === undefined ? null : payload);
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'A raw log payload is not JSON-serialisable.', { cause: error });
  }
}

function recordFromRow(row: EntryRow): RawLogRecord {
  return {
    seq: row.seq,
    at: row.at,
    taskId: row.task_id,
    runId: row.run_id,
    kind: row.kind as RawLogKind,
    stage: row.stage,
    payload: parseStoredJson<unknown>(row.payload, `entries.payload of entry ${row.seq}`),
  };
}

class SqliteRawLog implements RawLog {
  private readonly sql: StatementCache;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = new StatementCache(db);
  }

  append(entry: RawLogEntry): RawLogRecord {
    const at = this.now();
    const payload = payloadJson(entry.payload);
    const seq = this.sql.run(
      INSERT_ENTRY,
      at,
      entry.taskId,
      entry.runId,
      entry.kind,
      entry.stage,
      payload,
    ).lastInsertRowid;
    // The record as stored: the payload goes through JSON like it will when read back.
    return { ...entry, payload: JSON.parse(payload) as unknown, seq: Number(seq), at };
  }

  appendMany(entries: RawLogEntry[]): RawLogRecord[] {
    return this.db.transaction(() => entries.map((entry) => this.append(entry))).immediate();
  }

  appendAll(entries: readonly RawLogEntry[]): void {
    if (entries.length === 0) return;
    // Serialised before the transaction: a payload that is not JSON fails before any row is written.
    const payloads = entries.map((entry) => payloadJson(entry.payload));
    const insert = this.sql.get(INSERT_ENTRY);
    const at = this.now();
    this.db
      .transaction(() => {
        entries.forEach((entry, i) => insert.run(at, entry.taskId, entry.runId, entry.kind, entry.stage, payloads[i]));
      })
      .immediate();
  }

  read(query: RawLogQuery): RawLogRecord[] {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (condition: string, value: unknown): void => {
      conditions.push(condition);
      params.push(value);
    };
    if (query.taskId !== undefined) add('task_id = ?', query.taskId);
    if (query.runId !== undefined) add('run_id = ?', query.runId);
    if (query.stage !== undefined) add('stage = ?', query.stage);
    if (query.kinds !== undefined && query.kinds.length > 0) add('kind IN (SELECT value FROM json_each(?))', jsonList(query.kinds));
    const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
    return this.sql
      .all<EntryRow>(`SELECT seq, at, task_id, run_id, kind, stage, payload FROM entries ${where} ORDER BY seq`, ...params)
      .map(recordFromRow);
  }

  runsOf(taskId: string): string[] {
    return this.sql.column<string>(
      'SELECT run_id FROM entries WHERE task_id = ? GROUP BY run_id ORDER BY min(seq)',
      taskId,
    );
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Opens (creating when absent) `<indexDir>/raw-log.db`. */
export function openSqliteRawLog(indexDir: string, options: RawLogOptions = {}): RawLog {
  const store = rawLogStoreFile(indexDir);
  const db = openMigrated(store, 'raw-log');
  return withErrorMapping<RawLog>(new SqliteRawLog(db, options.now ?? Date.now), (error) => mapRawLogError(error, store));
}
