import { describe, expect, it } from 'vitest';
import { Admission, OverloadedError } from './admission.js';

/** Work that ends when the test says so. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

async function refusal(promise: Promise<unknown>): Promise<OverloadedError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OverloadedError);
  return error as OverloadedError;
}

describe('admission control', () => {
  it('runs at most `limit` requests at once and starts the waiting ones in arrival order', async () => {
    const admission = new Admission({ limit: 2, queueLength: 10, maxWaitMs: 60_000 });
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, index) => admission.run('search', async () => {
      started.push(index);
      await g.promise;
      return index;
    }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(admission.counts()).toMatchObject({ inFlight: 2, queued: 2 });
    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(admission.counts()).toMatchObject({ inFlight: 0, queued: 0, admitted: 4 });
  });

  it('refuses at once, with a retry time, when the queue is full', async () => {
    const admission = new Admission({ limit: 1, queueLength: 1, maxWaitMs: 60_000 });
    const g = gate();
    const first = admission.run('context', () => g.promise);
    const second = admission.run('context', () => g.promise);
    const at = performance.now();
    const error = await refusal(admission.run('context', () => g.promise));
    expect(performance.now() - at).toBeLessThan(50);
    expect(error.reason).toBe('queue_full');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(admission.counts().refused.queue_full).toBe(1);
    g.open();
    await Promise.all([first, second]);
  });

  it('refuses at once a request the work ahead would keep waiting past the bound', async () => {
    const admission = new Admission({ limit: 1, queueLength: 100, maxWaitMs: 500 });
    // Teach it that a context run takes ~400 ms.
    await admission.run('context', () => new Promise((resolve) => setTimeout(resolve, 400)));
    const g = gate();
    const running = admission.run('context', () => g.promise);
    const queued = [admission.run('context', () => g.promise)];
    // One waiting (~400 ms) plus half the running one: a third would wait ~600 ms > 500.
    queued.push(admission.run('context', () => g.promise));
    const error = await refusal(queued[1]!);
    expect(error.reason).toBe('expected_wait');
    g.open();
    await Promise.all([running, queued[0]]);
  });

  it('refuses a request still waiting when the bound passes, and never runs it', async () => {
    const admission = new Admission({ limit: 1, queueLength: 10, maxWaitMs: 50 });
    await admission.run('search', async () => undefined); // searches take ~0 ms: this one is expected to wait no time
    const g = gate();
    const running = admission.run('search', () => g.promise);
    let ran = false;
    const error = await refusal(admission.run('search', async () => void (ran = true)));
    expect(error.reason).toBe('waited_too_long');
    g.open();
    await running;
    expect(ran).toBe(false);
    expect(admission.counts()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it('frees the slot of a request whose work fails', async () => {
    const admission = new Admission({ limit: 1, queueLength: 0, maxWaitMs: 1000 });
    await expect(admission.run('search', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await admission.run('search', async () => 'next')).toBe('next');
  });
});
