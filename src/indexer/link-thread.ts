// The link phase's writes on a thread of their own. After extraction the link phase runs
// on one core: on sympy the main thread resolves imports and references (~1.5 s) and
// then writes 116k edges (~0.6 s) and relinks every doc (~0.4 s), while the other core
// idles. With this thread, the docs step and the edge writes happen there, each batch of
// edges written while the main thread resolves the next, on the thread's own connection.
// SQLite serializes the two connections' transactions (both BEGIN IMMEDIATE); the main
// thread writes nothing between beginReferences and the thread's report.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReferenceEdge } from '../core/entities.js';
import { CairnError, errorOfFault, type ThreadFault } from '../core/errors.js';
import type { StoreLocation } from '../store/curated.js';
import { encodeEdges, type EncodedEdges } from './reference-edges.js';

const WORKER_SCRIPT = new URL('./link-worker.js', import.meta.url);

export interface LinkWorkerData {
  location: StoreLocation;
  /** Relink every doc first. */
  relinkDocs: boolean;
}

export type LinkMessage = { begin: string[] } | { edges: EncodedEdges } | { finish: true };
export type LinkReply = { docLinks: number | null } | { fault: ThreadFault };

export interface LinkThread {
  /** Starts replacing the edges out of `fromPaths` (IndexWriter.beginReplacingReferences). */
  beginReferences(fromPaths: string[]): void;
  addReferences(edges: readonly ReferenceEdge[]): void;
  /** No more edges (there may have been none, and no begin): the thread commits them, then reports. */
  finishReferences(): void;
  /** Once the thread has committed: the number of doc links written, or null when not asked to relink docs. */
  readonly done: Promise<number | null>;
  /** Stops the thread if it is still at work (its open transaction then never commits). */
  stop(): Promise<void>;
}

/**
 * Starts the thread; it relinks the docs (when asked) at once, so what it reads must be
 * committed. Null when the compiled worker script is absent (running from TypeScript
 * sources): the caller then does everything itself.
 */
export function startLinkThread(data: LinkWorkerData, script: URL = WORKER_SCRIPT): LinkThread | null {
  if (!existsSync(fileURLToPath(script))) return null;
  const worker = new Worker(script, { workerData: data });
  let settled = false;
  const done = new Promise<number | null>((resolve, reject) => {
    worker.once('message', (reply: LinkReply) => ('fault' in reply ? reject(errorOfFault(reply.fault)) : resolve(reply.docLinks)));
    worker.once('error', (error) => reject(new CairnError('INTERNAL', 'the link-phase thread crashed', { cause: error })));
    // After a reply this changes nothing (the promise is settled); before one, it is a crash.
    worker.once('exit', (code) => reject(new CairnError('INTERNAL', `the link-phase thread stopped (exit code ${code}) before reporting`)));
  }).finally(() => {
    settled = true;
  });
  const send = (message: LinkMessage, transfer: ArrayBuffer[] = []): void => worker.postMessage(message, transfer);
  return {
    beginReferences: (fromPaths) => send({ begin: fromPaths }),
    addReferences: (edges) => {
      const encoded = encodeEdges(edges);
      send({ edges: encoded }, [encoded.numbers.buffer as ArrayBuffer]);
    },
    finishReferences: () => send({ finish: true }),
    done,
    stop: async () => {
      if (!settled) await worker.terminate();
    },
  };
}
