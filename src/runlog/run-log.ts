// One run's view of the raw log: every entry carries the task id and run id, so stages and
// the judge write "what happened" without knowing where it goes.

import type { RawLog, RawLogKind } from '../store/raw-log.js';

export interface RunLog {
  readonly taskId: string;
  readonly runId: string;
  write(kind: RawLogKind, stage: string | null, payload: unknown): void;
  /** Many entries of one kind and stage in one transaction (a stage's notes, a model's calls). */
  writeMany(kind: RawLogKind, stage: string | null, payloads: readonly unknown[]): void;
}

export function runLog(rawLog: Pick<RawLog, 'appendAll'>, taskId: string, runId: string): RunLog {
  return {
    taskId,
    runId,
    // appendAll: the run never reads its entries back, so none are parsed again to be returned.
    write(kind, stage, payload) {
      rawLog.appendAll([{ taskId, runId, kind, stage, payload }]);
    },
    writeMany(kind, stage, payloads) {
      rawLog.appendAll(payloads.map((payload) => ({ taskId, runId, kind, stage, payload })));
    },
  };
}
