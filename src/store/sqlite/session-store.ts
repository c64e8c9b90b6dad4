// SessionStore over sessions.db: one row per task id, each field a JSON column.
// upsert merges at the top level only: a field present in the patch replaces the stored
// field as a whole (stageOutputs included); a field absent or undefined is kept.

import { InputError } from '../../core/errors.js';
import type { SessionPatch, SessionRecord, SessionStore, StageStatus } from '../session.js';
import { mapSqliteError, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { indexPaths } from './layout.js';
import { openMigrated } from './migrations.js';
import { StatementCache } from './statements.js';
import { parseStoredJson } from './store-damage.js';

export function sessionStoreFile(indexDir: string): StoreFile {
  const file = indexPaths(indexDir).sessions;
  return { label: 'session store', file, dir: indexDir, repair: `Move ${file} aside; cairn starts again with no stored tasks.` };
}

export interface SessionStoreOptions {
  /** Clock for createdAt / updatedAt; injectable for tests. */
  now?: () => number;
}

interface SessionRow {
  task_id: string;
  task: string;
  stage_outputs: string;
  stage_progress: string;
  final_context: string;
  refinement_request: string;
  created_at: number;
  updated_at: number;
}

const COLUMNS = 'task_id, task, stage_outputs, stage_progress, final_context, refinement_request, created_at, updated_at';

function toJson(value: unknown, field: string): string {
  try {
    return JSON.stringify(value === undefined ? null : value);
  } catch (error) {
    throw new InputError('INPUT_INVALID', `Session field ${field} is not JSON-serialisable.`, { cause: error });
  }
}

function recordFromRow(row: SessionRow): SessionRecord {
  const column = <T>(text: string, name: string): T => parseStoredJson<T>(text, `sessions.${name} of task ${row.task_id}`);
  return {
    taskId: row.task_id,
    task: column<unknown>(row.task, 'task'),
    stageOutputs: column<Record<string, unknown>>(row.stage_outputs, 'stage_outputs'),
    stageProgress: column<Record<string, StageStatus>>(row.stage_progress, 'stage_progress'),
    finalContext: column<unknown>(row.final_context, 'final_context'),
    refinementRequest: column<unknown>(row.refinement_request, 'refinement_request'),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function emptyRecord(taskId: string, at: number): SessionRecord {
  return {
    taskId,
    task: null,
    stageOutputs: {},
    stageProgress: {},
    finalContext: null,
    refinementRequest: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Top-level merge; undefined fields of the patch are absent, not "set to undefined". */
function merged(record: SessionRecord, patch: SessionPatch): SessionRecord {
  const next = { ...record };
  if (patch.task !== undefined) next.task = patch.task;
  if (patch.stageOutputs !== undefined) next.stageOutputs = patch.stageOutputs;
  if (patch.stageProgress !== undefined) next.stageProgress = patch.stageProgress;
  if (patch.finalContext !== undefined) next.finalContext = patch.finalContext;
  if (patch.refinementRequest !== undefined) next.refinementRequest = patch.refinementRequest;
  return next;
}

class SqliteSessionStore implements SessionStore {
  private readonly sql: StatementCache;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = new StatementCache(db);
  }

  get(taskId: string): SessionRecord | null {
    const row = this.sql.one<SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE task_id = ?`, taskId);
    return row === undefined ? null : recordFromRow(row);
  }

  upsert(taskId: string, patch: SessionPatch): SessionRecord {
    // IMMEDIATE: take the write lock before reading, so two processes cannot both merge
    // into the same old record.
    return this.db.transaction(() => this.upsertNow(taskId, patch)).immediate();
  }

  private upsertNow(taskId: string, patch: SessionPatch): SessionRecord {
    const now = this.now();
    const stored = this.get(taskId);
    const base = stored ?? emptyRecord(taskId, now);
    // updatedAt never goes backwards, even if the clock does.
    const record = { ...merged(base, patch), updatedAt: Math.max(now, base.updatedAt) };
    this.sql.run(
      `INSERT INTO sessions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (task_id) DO UPDATE SET task = excluded.task, stage_outputs = excluded.stage_outputs,
         stage_progress = excluded.stage_progress, final_context = excluded.final_context,
         refinement_request = excluded.refinement_request, updated_at = excluded.updated_at`,
      taskId,
      toJson(record.task, 'task'),
      toJson(record.stageOutputs, 'stageOutputs'),
      toJson(record.stageProgress, 'stageProgress'),
      toJson(record.finalContext, 'finalContext'),
      toJson(record.refinementRequest, 'refinementRequest'),
      record.createdAt,
      record.updatedAt,
    );
    // Read back so the caller sees exactly what a later get() will return.
    return this.get(taskId) ?? record;
  }

  patch(taskId: string, patch: SessionPatch): void {
    // One statement, no read: a field the patch leaves out binds SQL NULL and keeps the stored
    // value (coalesce), while a field it names binds JSON text, which is never SQL NULL.
    const json = (value: unknown, field: string): string | null => (value === undefined ? null : toJson(value, field));
    this.sql.run(
      `INSERT INTO sessions (${COLUMNS})
       VALUES (?1, coalesce(?2, 'null'), coalesce(?3, '{}'), coalesce(?4, '{}'), coalesce(?5, 'null'), coalesce(?6, 'null'), ?7, ?7)
       ON CONFLICT (task_id) DO UPDATE SET task = coalesce(?2, task), stage_outputs = coalesce(?3, stage_outputs),
         stage_progress = coalesce(?4, stage_progress), final_context = coalesce(?5, final_context),
         refinement_request = coalesce(?6, refinement_request), updated_at = max(?7, updated_at)`,
      {
        1: taskId,
        2: json(patch.task, 'task'),
        3: json(patch.stageOutputs, 'stageOutputs'),
        4: json(patch.stageProgress, 'stageProgress'),
        5: json(patch.finalContext, 'finalContext'),
        6: json(patch.refinementRequest, 'refinementRequest'),
        7: this.now(),
      },
    );
  }

  /** Most recently updated first. */
  list(): { taskId: string; updatedAt: number }[] {
    return this.sql.all<{ taskId: string; updatedAt: number }>(
      'SELECT task_id AS taskId, updated_at AS updatedAt FROM sessions ORDER BY updated_at DESC, task_id',
    );
  }

  prune(before: number): number {
    return this.sql.run('DELETE FROM sessions WHERE updated_at < ?', before).changes;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Opens (creating when absent) `<indexDir>/sessions.db`. */
export function openSqliteSessionStore(indexDir: string, options: SessionStoreOptions = {}): SessionStore {
  const store = sessionStoreFile(indexDir);
  const db = openMigrated(store, 'sessions');
  return withErrorMapping<SessionStore>(new SqliteSessionStore(db, options.now ?? Date.now), (error) =>
    mapSqliteError(error, store),
  );
}
