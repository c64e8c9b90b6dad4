// Where a run's raw-log entries and session patches are written: directly through the
// ports, or on a recording thread. A run writes thousands of decisions (one raw-log row
// each, every file and symbol it considered); storing them costs tens of milliseconds that
// the main thread can spend ranking and staging instead. With the recording thread, what a
// run hands over is queued, serialised when the main thread next waits (in practice while
// the package is being fitted on the fitting thread), and stored there, in order. `flush`
// is the barrier: a run awaits it before it returns, so everything it logged is stored —
// or the first failure (a payload that is not JSON, a store that cannot be written)
// reported — by then. Queued values are read when serialised: callers hand over values
// they no longer change.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CairnError, InputError, isCairnError, type ErrorCode } from '../../core/errors.js';
import type { RawLog, RawLogEntry, RawLogKind } from '../../store/raw-log.js';
import type { SessionPatch, SessionStore } from '../../store/session.js';

export interface RecordSink {
  readonly rawLog: Pick<RawLog, 'appendAll'>;
  readonly sessions: Pick<SessionStore, 'patch'>;
  /** Resolves when everything given so far is stored; rejects with the first failure since the last flush. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Writes through the ports, synchronously: failures are thrown by the write itself. */
export function directSink(rawLog: Pick<RawLog, 'appendAll'>, sessions: Pick<SessionStore, 'patch'>): RecordSink {
  return { rawLog, sessions, flush: async () => undefined, close: async () => undefined };
}

/** Entries with the same task, run, kind and stage, in a row: their header, sent once. */
export interface EntryGroup {
  taskId: string;
  runId: string;
  kind: RawLogKind;
  stage: string | null;
  count: number;
}

/**
 * Messages to the recording thread. Raw-log entries go as their groups plus the payloads'
 * JSON, one line each (JSON text never holds a raw newline), in UTF-8 bytes that are moved
 * to the thread, not copied.
 */
export type RecordMessage =
  | { op: 'log'; groups: EntryGroup[]; payloads: Uint8Array }
  | { op: 'session'; taskId: string; patch: string }
  | { op: 'flush'; id: number };

/** A failure carried between threads: a CairnError's code, message and hint. */
export interface RecordFault {
  code: ErrorCode;
  message: string;
  hint?: string;
}

/** What the recording thread answers a flush with: the first failure since the last flush, or none. */
export interface FlushReply {
  id: number;
  fault: RecordFault | null;
}

export function faultOf(error: unknown): RecordFault {
  if (isCairnError(error)) return { code: error.code, message: error.message, ...(error.hint === undefined ? {} : { hint: error.hint }) };
  return { code: 'INTERNAL', message: `recording the run failed: ${error instanceof Error ? error.message : String(error)}` };
}

function errorOf(fault: RecordFault): CairnError {
  return new CairnError(fault.code, fault.message, fault.hint === undefined ? {} : { hint: fault.hint });
}

const WORKER_SCRIPT = new URL('../../app-retrieval-recorder.js', import.meta.url);

/**
 * A sink whose writes happen on a recording thread with its own connections to the raw
 * log and the session store of `indexDir` (opened after the caller's, so migrations are
 * done). Falls back to `fallback` when the compiled script is absent (TypeScript sources).
 */
export function startRecorder(indexDir: string, fallback: () => RecordSink, script: URL = WORKER_SCRIPT): RecordSink {
  if (!existsSync(fileURLToPath(script))) return fallback();
  const thread = new RecorderThread(new Worker(script, { workerData: { indexDir } }));
  return {
    rawLog: {
      appendAll(entries) {
        if (entries.length > 0) thread.enqueue(() => logMessage(entries));
      },
    },
    sessions: { patch: (taskId, patch) => thread.enqueue(() => ({ op: 'session', taskId, patch: serialised(patch, 'A session patch') })) },
    flush: () => thread.flush(),
    close: () => thread.close(),
  };
}

/** The main thread's side of the recording thread: the queue, the flushes awaited, a stop. */
class RecorderThread {
  /** Messages not yet made: serialising waits for a moment the main thread would spend waiting. */
  private readonly later: (() => RecordMessage)[] = [];
  private scheduled = false;
  /** The first message that could not be made since the last flush (a payload that is not JSON). */
  private unsent: RecordFault | null = null;
  private readonly flushes = new Map<number, { resolve(): void; reject(error: unknown): void }>();
  private nextId = 0;
  private stopped: unknown = null;

  constructor(private readonly worker: Worker) {
    // Writes never keep the process alive; a pending flush does.
    worker.unref();
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`exit code ${code}`)));
    worker.on('message', (reply: FlushReply) => this.answered(reply));
  }

  enqueue(make: () => RecordMessage): void {
    if (this.stopped !== null) throw stoppedError(this.stopped);
    this.later.push(make);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
  }

  flush(): Promise<void> {
    if (this.stopped !== null) return Promise.reject(stoppedError(this.stopped));
    this.drain();
    const id = this.nextId++;
    const unsent = this.unsent;
    this.unsent = null;
    return new Promise<void>((resolve, reject) => {
      this.flushes.set(id, { resolve: () => (unsent === null ? resolve() : reject(errorOf(unsent))), reject });
      this.worker.ref();
      this.worker.postMessage({ op: 'flush', id } satisfies RecordMessage);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  /** Makes and sends every queued message, in order; log texts are moved, not copied. */
  private drain(): void {
    this.scheduled = false;
    for (const make of this.later.splice(0)) {
      let message: RecordMessage;
      try {
        message = make();
      } catch (error) {
        this.unsent ??= faultOf(error);
        continue;
      }
      this.worker.postMessage(message, message.op === 'log' ? [message.payloads.buffer as ArrayBuffer] : []);
    }
  }

  private answered(reply: FlushReply): void {
    const job = this.flushes.get(reply.id);
    this.flushes.delete(reply.id);
    if (this.flushes.size === 0) this.worker.unref();
    if (!job) return;
    if (reply.fault === null) job.resolve();
    else job.reject(errorOf(reply.fault));
  }

  private stop(error: unknown): void {
    this.stopped = error;
    for (const job of this.flushes.values()) job.reject(stoppedError(error));
    this.flushes.clear();
  }
}

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();

/** The entries as a log message: consecutive equal headers grouped; an undefined payload is null. */
export function logMessage(entries: readonly RawLogEntry[]): RecordMessage {
  const groups: EntryGroup[] = [];
  let last: EntryGroup | undefined;
  for (const { taskId, runId, kind, stage } of entries) {
    if (last && last.taskId === taskId && last.runId === runId && last.kind === kind && last.stage === stage) last.count++;
    else groups.push((last = { taskId, runId, kind, stage, count: 1 }));
  }
  const lines = entries.map((entry) => serialised(entry.payload ?? null, 'A raw log payload')).join('\n');
  return { op: 'log', groups, payloads: ENCODER.encode(lines) };
}

/** The entries of a log message, payloads as the JSON text they were sent as (inverse of logMessage). */
export function messageEntries(message: Extract<RecordMessage, { op: 'log' }>): (Omit<RawLogEntry, 'payload'> & { payloadJson: string })[] {
  const lines = DECODER.decode(message.payloads).split('\n');
  let at = 0;
  return message.groups.flatMap(({ count, ...head }) => lines.slice(at, (at += count)).map((payloadJson) => ({ ...head, payloadJson })));
}

function serialised(value: unknown, what: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new InputError('INPUT_INVALID', `${what} is not JSON-serialisable.`, { cause: error });
  }
}

function stoppedError(cause: unknown): CairnError {
  return new CairnError('INTERNAL', 'the recording thread stopped; the run could not be logged', { cause });
}
