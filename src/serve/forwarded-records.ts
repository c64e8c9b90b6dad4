// The writes a query thread hands back to the main thread. On a shared store the shared
// state (raw log, sessions) lives in PostgreSQL, whose driver loads into one thread of a
// process only: a query thread's run logs its decisions and session patches into a
// collector instead, its reply carries them, and the main thread writes them through its own
// stores, in order, before the request is answered — where the run's own flush would have
// written them. Reads of the shared state are not offered on a thread: the operations that
// need them run on the main thread (app/serve.ts).

import { CairnError } from '../core/errors.js';
import type { RawLog, RawLogEntry } from '../store/raw-log.js';
import type { SessionPatch, SessionStore } from '../store/session.js';

export type ForwardedRecord = { log: RawLogEntry[] } | { session: { taskId: string; patch: SessionPatch } };

function mainThreadOnly(what: string): never {
  throw new CairnError('INTERNAL', `${what} reads the shared store, which only the main thread reaches`, { hint: 'this operation must run on the main thread (app/serve.ts)' });
}

/**
 * Collects a thread's writes between `take`s. A query thread answers one job at a time
 * (piscina's default), so what is taken after a job is that job's.
 */
export class RecordCollector {
  private records: ForwardedRecord[] = [];

  take(): ForwardedRecord[] {
    return this.records.splice(0);
  }

  rawLog(): RawLog {
    return {
      appendAll: (entries) => void this.records.push({ log: [...entries] }),
      append: () => mainThreadOnly('raw log append (it returns the stored record)'),
      appendMany: () => mainThreadOnly('raw log appendMany (it returns the stored records)'),
      read: () => mainThreadOnly('raw log read'),
      runsOf: () => mainThreadOnly('raw log runsOf'),
      usage: () => mainThreadOnly('raw log usage'),
      close: () => undefined,
    };
  }

  sessions(): SessionStore {
    return {
      patch: (taskId, patch) => void this.records.push({ session: { taskId, patch } }),
      get: () => mainThreadOnly('session get'),
      upsert: () => mainThreadOnly('session upsert'),
      list: () => mainThreadOnly('session list'),
      prune: () => mainThreadOnly('session prune'),
      close: () => undefined,
    };
  }
}

/** Writes a thread's records through the main thread's stores, in the order the run made them. */
export function writeForwarded(records: readonly ForwardedRecord[], rawLog: Pick<RawLog, 'appendAll'>, sessions: Pick<SessionStore, 'patch'>): void {
  for (const record of records) {
    if ('log' in record) rawLog.appendAll(record.log);
    else sessions.patch(record.session.taskId, record.session.patch);
  }
}
