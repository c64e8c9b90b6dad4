// The session record of one task, as the pipeline writes it: stage progress and outputs
// after every stage, the final package at the end. The store merges top-level fields only,
// so the writer keeps the whole maps and writes them whole — through `patch`, which neither
// reads the record nor re-serialises the fields it does not name.

import type { SessionRecord, SessionStore, StageStatus } from '../../store/session.js';

export interface SessionWriter {
  start(task: unknown, stageNames: readonly string[], refinementRequest: unknown): void;
  progress(stage: string, status: StageStatus): void;
  output(stage: string, value: unknown): void;
  finish(finalContext: unknown): void;
  /** Writes a record's fields back whole: a failed run leaves the session as it found it. */
  restore(record: SessionRecord): void;
}

export function sessionWriter(sessions: Pick<SessionStore, 'patch'>, taskId: string): SessionWriter {
  let progress: Record<string, StageStatus> = {};
  let outputs: Record<string, unknown> = {};
  return {
    start(task, stageNames, refinementRequest) {
      progress = Object.fromEntries(stageNames.map((name) => [name, 'pending' as StageStatus]));
      outputs = {};
      sessions.patch(taskId, { task, stageOutputs: outputs, stageProgress: progress, finalContext: null, refinementRequest });
    },
    progress(stage, status) {
      progress = { ...progress, [stage]: status };
      sessions.patch(taskId, { stageProgress: progress });
    },
    output(stage, value) {
      outputs = { ...outputs, [stage]: value };
      sessions.patch(taskId, { stageOutputs: outputs });
    },
    finish(finalContext) {
      sessions.patch(taskId, { finalContext });
    },
    restore(record) {
      const { task, stageOutputs, stageProgress, finalContext, refinementRequest } = record;
      sessions.patch(taskId, { task, stageOutputs, stageProgress, finalContext, refinementRequest });
    },
  };
}
