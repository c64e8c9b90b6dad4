// SessionStore over the `sessions` table of a repository's schema. Every write is one
// statement (INSERT … ON CONFLICT DO UPDATE), so two replicas patching the same task at
// once each merge into the row as the other left it, field by field: a field the patch
// names replaces the stored one, others stay; updated_at never moves back.

import { InputError } from '../../core/errors.js';
import type { SessionPatch, SessionRecord, SessionStore, StageStatus } from '../session.js';
import type { PgConnection } from './connection.js';
import { mapPgError, withErrorMapping } from './errors.js';
import { openMigrated } from './migrations.js';

export interface PgSessionStoreOptions {
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
  [key: string]: unknown;
}

const COLUMNS = 'task_id, task, stage_outputs, stage_progress, final_context, refinement_request, created_at, updated_at';

/**
 * $2..$6 are JSON texts, or NULL for a field the patch leaves out (JSON text is never SQL
 * NULL); $7 is now. A new row takes defaults for the fields left out.
 */
const MERGE = `INSERT INTO sessions (${COLUMNS})
  VALUES ($1, coalesce($2, 'null'), coalesce($3, '{}'), coalesce($4, '{}'), coalesce($5, 'null'), coalesce($6, 'null'), $7, $7)
  ON CONFLICT (task_id) DO UPDATE SET task = coalesce($2, sessions.task), stage_outputs = coalesce($3, sessions.stage_outputs),
    stage_progress = coalesce($4, sessions.stage_progress), final_context = coalesce($5, sessions.final_context),
    refinement_request = coalesce($6, sessions.refinement_request), updated_at = greatest($7, sessions.updated_at)`;

function toJson(value: unknown, field: string): string | null {
  if (value === undefined) return null;
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new InputError('INPUT_INVALID', `Session field ${field} is not JSON-serialisable.`, { cause: error });
  }
}

function recordOf(row: SessionRow): SessionRecord {
  return {
    taskId: row.task_id,
    task: JSON.parse(row.task) as unknown,
    stageOutputs: JSON.parse(row.stage_outputs) as Record<string, unknown>,
    stageProgress: JSON.parse(row.stage_progress) as Record<string, StageStatus>,
    finalContext: JSON.parse(row.final_context) as unknown,
    refinementRequest: JSON.parse(row.refinement_request) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

class PgSessionStore implements SessionStore {
  constructor(
    private readonly db: PgConnection,
    private readonly now: () => number,
  ) {}

  get(taskId: string): SessionRecord | null {
    const row = this.db.one<SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE task_id = $1`, [taskId]);
    return row === undefined ? null : recordOf(row);
  }

  upsert(taskId: string, patch: SessionPatch): SessionRecord {
    const row = this.db.one<SessionRow>(`${MERGE} RETURNING ${COLUMNS}`, this.params(taskId, patch));
    return recordOf(row!);
  }

  patch(taskId: string, patch: SessionPatch): void {
    this.db.run(MERGE, this.params(taskId, patch));
  }

  list(): { taskId: string; updatedAt: number }[] {
    return this.db
      .query<{ task_id: string; updated_at: number }>('SELECT task_id, updated_at FROM sessions ORDER BY updated_at DESC, task_id')
      .map((row) => ({ taskId: row.task_id, updatedAt: row.updated_at }));
  }

  prune(before: number): number {
    return this.db.run('DELETE FROM sessions WHERE updated_at < $1', [before]);
  }

  close(): void {
    this.db.close();
  }

  private params(taskId: string, patch: SessionPatch): unknown[] {
    return [
      taskId,
      toJson(patch.task, 'task'),
      toJson(patch.stageOutputs, 'stageOutputs'),
      toJson(patch.stageProgress, 'stageProgress'),
      toJson(patch.finalContext, 'finalContext'),
      toJson(patch.refinementRequest, 'refinementRequest'),
      this.now(),
    ];
  }
}

export function openPgSessionStore(url: string, schema: string, options: PgSessionStoreOptions = {}): SessionStore {
  const db = openMigrated(url, schema, 'repository', (error, connection) => mapPgError(error, connection.target));
  return withErrorMapping<SessionStore>(new PgSessionStore(db, options.now ?? Date.now), (error) => mapPgError(error, db.target));
}
