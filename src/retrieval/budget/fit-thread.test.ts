// The thread started ahead is the one the next fitter gets, once; later fitters get new
// threads. Only the compiled module has a compiled worker beside it (dist/, built by the
// test setup), so that is what is tested.

import { afterEach, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';

type FitThreadModule = typeof import('./fit-thread.js');
const compiled = new URL('../../../dist/retrieval/budget/fit-thread.js', import.meta.url);

const started: Worker[] = [];
afterEach(async () => {
  for (const worker of started.splice(0)) await worker.terminate();
});

describe('fit thread started ahead', () => {
  it('is handed to the first claim only', async () => {
    const threads = (await import(compiled.href)) as FitThreadModule;
    const ahead = threads.startFitThreadAhead();
    expect(ahead).not.toBeNull();
    expect(threads.startFitThreadAhead()).toBe(ahead); // started once
    const first = threads.claimFitThread();
    const second = threads.claimFitThread();
    started.push(...[first, second].filter((worker): worker is Worker => worker !== null));
    expect(first).toBe(ahead);
    expect(second).not.toBeNull();
    expect(second).not.toBe(ahead);
  });

  it('is not started without a compiled worker script', async () => {
    const threads = (await import(compiled.href)) as FitThreadModule;
    const missing = new URL('./no-such-worker.js', compiled);
    expect(threads.startFitThreadAhead(missing)).toBeNull();
    expect(threads.claimFitThread(missing)).toBeNull();
  });
});
