// Where a run's raw-log entries and session patches are written. A run writes thousands of
// decisions (one raw-log row each: every file and symbol it considered), ~35 ms of SQLite
// work on sympy. `deferredSink` queues them and writes them when the main thread next
// waits — in practice while the package is fitted on the fitting thread — so they cost no
// wall time; `flush` is the barrier a run awaits before it returns, so everything it logged
// is stored (or the first failure reported) by then. (A recording thread with its own
// connections was tried too: with two cores it was no faster, and costlier to start.)

import type { RawLog } from '../../store/raw-log.js';
import type { SessionStore } from '../../store/session.js';

export interface RecordSink {
  readonly rawLog: Pick<RawLog, 'appendAll'>;
  readonly sessions: Pick<SessionStore, 'patch'>;
  /** Resolves when everything given so far is stored; rejects with the first failure since the last flush. */
  flush(): Promise<void>;
}

/** Writes through the ports, synchronously: failures are thrown by the write itself. */
export function directSink(rawLog: Pick<RawLog, 'appendAll'>, sessions: Pick<SessionStore, 'patch'>): RecordSink {
  return { rawLog, sessions, flush: async () => undefined };
}

/**
 * Writes through the ports, but later: queued, and written when the thread next waits (or
 * at flush), in order. A failed write is reported, as itself, by the next flush. Queued
 * values are read when written: callers hand over values they no longer change.
 */
export function deferredSink(rawLog: Pick<RawLog, 'appendAll'>, sessions: Pick<SessionStore, 'patch'>): RecordSink {
  const queue: (() => void)[] = [];
  let scheduled = false;
  let failure: { error: unknown } | null = null;
  const drain = (): void => {
    scheduled = false;
    for (const write of queue.splice(0)) {
      try {
        write();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const enqueue = (write: () => void): void => {
    queue.push(write);
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  };
  return {
    rawLog: { appendAll: (entries) => enqueue(() => rawLog.appendAll(entries)) },
    sessions: { patch: (taskId, patch) => enqueue(() => sessions.patch(taskId, patch)) },
    flush: async () => {
      drain();
      const failed = failure;
      failure = null;
      if (failed !== null) throw failed.error;
    },
  };
}
