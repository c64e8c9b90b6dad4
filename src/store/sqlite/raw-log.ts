// RawLog over the raw-log segments (raw-log-segments.ts). The adapter can only append;
// each segment's database refuses UPDATE and DELETE through triggers (migrations/raw-log),
// so even another connection cannot rewrite history. A refusal surfaces as
// AppendOnlyError. Retention removes whole old segments once the log outgrows its bound.

import { AppendOnlyError, InputError, isCairnError } from '../../core/errors.js';
import type { RawLog, RawLogEntry, RawLogKind, RawLogQuery, RawLogRecord, RawLogUsage } from '../raw-log.js';
import { mapSqliteError, openDatabase, sqliteErrorCode, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { openMigrated } from './migrations.js';
import { dropSegment, listSegments, segmentBytes, segmentFile, startNumbering, type Segment } from './raw-log-segments.js';
import { jsonList, StatementCache } from './statements.js';
import { parseStoredJson } from './store-damage.js';

/**
 * The first segment (`raw-log.db`); later segments are `raw-log.<n>.db`. A damaged
 * segment is moved aside whole: the log goes on without it (only appends, never edits).
 */
export function rawLogStoreFile(indexDir: string, segment = 0): StoreFile {
  const file = segmentFile(indexDir, segment);
  const after = segment === 0 ? 'cairn starts a new log' : 'cairn goes on with the other segments of the log';
  return { label: 'raw log', file, dir: indexDir, repair: `Move ${file} aside (to keep it); ${after}.` };
}

/**
 * The append-only triggers are the only triggers in a raw-log segment, so a trigger
 * constraint failure there is exactly a refused rewrite.
 */
export function mapRawLogError(error: unknown, store: StoreFile): unknown {
  if (sqliteErrorCode(error) === 'SQLITE_CONSTRAINT_TRIGGER') {
    return new AppendOnlyError(`The raw log at ${store.file} is append-only; entries cannot be changed or removed.`, {
      cause: error,
    });
  }
  return mapSqliteError(error, store);
}

/** The default bound of the whole log (log.maxBytes in cairn.yaml). */
export const DEFAULT_RAW_LOG_MAX_BYTES = 64 * 1024 * 1024;

export interface RawLogOptions {
  /** Clock for `at`; injectable for tests. */
  now?: () => number;
  /** Old segments are dropped while the log is larger than this (bytes); a new segment starts at an eighth of it. */
  maxBytes?: number;
}

/**
 * Segments smaller than this are not worth a file of their own (an empty segment is
 * already ~80 KiB: a few 16 KiB pages of schema).
 */
const MIN_SEGMENT_BYTES = 256 * 1024;

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
const SELECT_ENTRIES = 'SELECT seq, at, task_id, run_id, kind, stage, payload FROM entries';

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

/** The segment entries are appended to, and its statements. */
interface Active {
  number: number;
  file: string;
  db: Db;
  sql: StatementCache;
}

class SqliteRawLog implements RawLog {
  /** Read connections to older segments, opened when first read. */
  private readonly older = new Map<string, StatementCache>();
  private readonly olderDbs: Db[] = [];
  private readonly olderNumbers = new Map<StatementCache, number>();

  constructor(
    private readonly indexDir: string,
    public active: Active,
    private readonly now: () => number,
    private readonly maxBytes: number,
  ) {}

  append(entry: RawLogEntry): RawLogRecord {
    const at = this.now();
    const payload = payloadJson(entry.payload);
    const seq = this.active.sql.run(INSERT_ENTRY, at, entry.taskId, entry.runId, entry.kind, entry.stage, payload).lastInsertRowid;
    // The record as stored: the payload goes through JSON like it will when read back.
    return { ...entry, payload: JSON.parse(payload) as unknown, seq: Number(seq), at };
  }

  appendMany(entries: RawLogEntry[]): RawLogRecord[] {
    this.rotateIfFull();
    return this.active.db.transaction(() => entries.map((entry) => this.append(entry))).immediate();
  }

  appendAll(entries: readonly RawLogEntry[]): void {
    if (entries.length === 0) return;
    // Serialised before the transaction: a payload that is not JSON fails before any row is written.
    const payloads = entries.map((entry) => payloadJson(entry.payload));
    this.rotateIfFull();
    const insert = this.active.sql.get(INSERT_ENTRY);
    const at = this.now();
    this.active.db
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
    // Segments hold disjoint, rising ranges of seq: oldest segment first is seq order.
    return this.segmentsForReading().flatMap((sql) => this.inSegment(sql, () => sql.all<EntryRow>(`${SELECT_ENTRIES} ${where} ORDER BY seq`, ...params).map(recordFromRow)));
  }

  /** Runs a read of one segment; damage found there is reported against that segment's file. */
  private inSegment<T>(sql: StatementCache, read: () => T): T {
    try {
      return read();
    } catch (error) {
      const number = sql === this.active.sql ? this.active.number : this.olderNumbers.get(sql);
      throw number === undefined ? error : mapRawLogError(error, rawLogStoreFile(this.indexDir, number));
    }
  }

  runsOf(taskId: string): string[] {
    const runs = new Set<string>();
    for (const sql of this.segmentsForReading()) {
      for (const run of sql.column<string>('SELECT run_id FROM entries WHERE task_id = ? GROUP BY run_id ORDER BY min(seq)', taskId)) runs.add(run);
    }
    return [...runs];
  }

  usage(): RawLogUsage {
    const segments = listSegments(this.indexDir);
    const oldest = this.segmentsForReading()[0];
    const oldestAt = oldest?.value<number>(OLDEST_AT) ?? null;
    return { segments: segments.length, bytes: totalBytes(segments, this.active), maxBytes: this.maxBytes, oldestAt };
  }

  close(): void {
    for (const db of [this.active.db, ...this.olderDbs]) if (db.open) db.close();
  }

  /**
   * A long-lived log starts a new segment once the one it writes is full (checked before
   * each batch, so a run's entries stay together), then applies retention.
   */
  private rotateIfFull(): void {
    if (!isFull(this.active, this.maxBytes)) return;
    const previous = this.active;
    this.active = openSegment(this.indexDir, Math.max(previous.number, listSegments(this.indexDir).at(-1)?.number ?? 0) + 1);
    // Closed, so its write-ahead log is folded in and removed; read again (read-only) if asked.
    previous.db.close();
    applyRetention(this.indexDir, this.active, this.maxBytes);
  }

  /** Every segment present, oldest first, as statements; segments dropped meanwhile are skipped. */
  private segmentsForReading(): StatementCache[] {
    const caches: StatementCache[] = [];
    for (const segment of listSegments(this.indexDir)) {
      if (segment.file === this.active.file) caches.push(this.active.sql);
      else {
        const cache = this.older.get(segment.file) ?? this.openOlder(segment);
        if (cache !== null) caches.push(cache);
      }
    }
    return caches;
  }

  private openOlder(segment: Segment): StatementCache | null {
    const store = rawLogStoreFile(this.indexDir, segment.number);
    let db: Db;
    try {
      db = openDatabase(store, 'read');
    } catch (error) {
      if (isCairnError(error) && error.code === 'INDEX_MISSING') return null; // dropped since it was listed
      throw mapRawLogError(error, store);
    }
    this.olderDbs.push(db);
    const cache = new StatementCache(db);
    this.older.set(segment.file, cache);
    this.olderNumbers.set(cache, segment.number);
    return cache;
  }
}

const OLDEST_AT = 'SELECT at FROM entries ORDER BY seq LIMIT 1';

/**
 * Write-ahead log bounds of a segment: checkpoint every 512 pages (8 MiB) and truncate the
 * WAL file back to 8 MiB after, so the files on disk stay within 8 MiB of what the log
 * holds. A run on a large repository logs ~2 MB: a 1 MiB bound checkpointed (and synced)
 * twice a run, a large part of what a retrieve costs in CPU (bench/README.md).
 */
const WAL_PRAGMAS = ['wal_autocheckpoint = 512', 'journal_size_limit = 8388608'];

/** The segment being written holds this many bytes (its pages, wherever they are: file or WAL). */
function heldBytes(active: Active): number {
  return (active.db.pragma('page_count', { simple: true }) as number) * (active.db.pragma('page_size', { simple: true }) as number);
}

function isFull(active: Active, maxBytes: number): boolean {
  return heldBytes(active) >= Math.max(MIN_SEGMENT_BYTES, Math.floor(maxBytes / 8));
}

/** The log's size: the segment being written as it holds, the others as their files. */
function totalBytes(segments: readonly Segment[], active: Active | null): number {
  return segments.reduce((sum, segment) => sum + (segment.file === active?.file ? heldBytes(active) : segmentBytes(segment.file)), 0);
}

/** The log's size and age without opening it for writing (`cairn status` creates and drops nothing). */
export function readSqliteRawLogUsage(indexDir: string, maxBytes: number = DEFAULT_RAW_LOG_MAX_BYTES): RawLogUsage {
  const segments = listSegments(indexDir);
  let oldestAt: number | null = null;
  for (const segment of segments) {
    let db: Db | null = null;
    try {
      db = openDatabase(rawLogStoreFile(indexDir, segment.number), 'read');
      oldestAt = (db.prepare(OLDEST_AT).pluck().get() as number | undefined) ?? null;
    } catch {
      continue; // dropped since it was listed, or not readable: the next one is the oldest
    } finally {
      db?.close();
    }
    if (oldestAt !== null) break;
  }
  return { segments: segments.length, bytes: totalBytes(segments, null), maxBytes, oldestAt };
}

function openSegment(indexDir: string, number: number): Active {
  const store = rawLogStoreFile(indexDir, number);
  const db = openMigrated(store, 'raw-log');
  try {
    for (const pragma of WAL_PRAGMAS) db.pragma(pragma);
    startNumbering(db, number);
  } catch (error) {
    db.close();
    throw mapRawLogError(error, store);
  }
  return { number, file: store.file, db, sql: new StatementCache(db) };
}

/** Drops the oldest segments, never the one being written, while the log is over its bound. */
function applyRetention(indexDir: string, active: Active, maxBytes: number): void {
  const segments = listSegments(indexDir).filter((segment) => segment.number <= active.number);
  let total = totalBytes(segments, active);
  for (const segment of segments) {
    if (total <= maxBytes || segment.number === active.number) return;
    total -= segmentBytes(segment.file);
    dropSegment(segment.file);
  }
}

/** Opens the log at its newest segment (creating `raw-log.db` when there is none), starting a new segment when that one is full. */
export function openSqliteRawLog(indexDir: string, options: RawLogOptions = {}): RawLog {
  const maxBytes = options.maxBytes ?? DEFAULT_RAW_LOG_MAX_BYTES;
  let active = openSegment(indexDir, listSegments(indexDir).at(-1)?.number ?? 0);
  if (isFull(active, maxBytes)) {
    active.db.close();
    active = openSegment(indexDir, active.number + 1);
  }
  const log = new SqliteRawLog(indexDir, active, options.now ?? Date.now, maxBytes);
  applyRetention(indexDir, active, maxBytes);
  return withErrorMapping<RawLog>(log, (error) => mapRawLogError(error, rawLogStoreFile(indexDir, log.active.number)));
}
