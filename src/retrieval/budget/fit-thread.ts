// The fitting worker thread itself, kept apart from fit-service.ts so that the CLI can
// start it before the retrieval modules load: the thread's start, modules, counter and
// warm-up then happen while the command's own modules load and the index is refreshed,
// off the run's critical path. One thread started ahead is handed to the next
// fitter that asks (startFitWorker); unclaimed, it never keeps the process alive.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export const FIT_WORKER_SCRIPT = new URL('./fit-worker.js', import.meta.url);

interface FitThread {
  worker: Worker;
  /** Why the thread stopped before it was claimed (an 'error' or 'exit' event), else null. */
  stoppedEarly: unknown;
}

/** The thread started ahead, until a fitter claims it. */
let ahead: FitThread | null = null;

/**
 * Starts the fitting thread now, for a fitter made later in this process; returns it (the
 * one already started, if any), or null without the compiled script.
 */
export function startFitThreadAhead(script: URL = FIT_WORKER_SCRIPT): Worker | null {
  if (ahead !== null) return ahead.worker;
  if (!existsSync(fileURLToPath(script))) return null;
  const thread: FitThread = { worker: new Worker(script), stoppedEarly: null };
  thread.worker.unref();
  thread.worker.once('error', (error) => (thread.stoppedEarly ??= error));
  thread.worker.once('exit', (code) => (thread.stoppedEarly ??= new Error(`exit code ${code}`)));
  ahead = thread;
  return thread.worker;
}

/**
 * The thread started ahead (when it runs this script and has not stopped), or a new one;
 * null when the compiled script is absent.
 */
export function claimFitThread(script: URL = FIT_WORKER_SCRIPT): Worker | null {
  const started = ahead;
  ahead = null;
  if (started !== null && started.stoppedEarly === null && script.href === FIT_WORKER_SCRIPT.href) return started.worker;
  if (started !== null) void started.worker.terminate();
  if (!existsSync(fileURLToPath(script))) return null;
  return new Worker(script);
}
