// The live index's pacing, on a hand-driven clock (no real time passes).

import { describe, expect, it } from 'vitest';
import { ChangeBatcher, type ChangeBatch, type Timers } from './batcher.js';

/** Timers that fire only when the test advances the clock. */
function manualClock(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    set: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clear: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

/** A run the test finishes by hand. */
function gatedRuns() {
  const batches: ChangeBatch[] = [];
  const gates: (() => void)[] = [];
  return {
    batches,
    run: (batch: ChangeBatch) => {
      batches.push(batch);
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    finish: async () => {
      gates.shift()?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('ChangeBatcher', () => {
  it('makes one batch of a burst: a thousand events, then quiet, is one run', () => {
    const clock = manualClock();
    const runs = gatedRuns();
    const batcher = new ChangeBatcher({ debounceMs: 300, maxWaitMs: 10_000, run: runs.run, timers: clock });
    for (let i = 0; i < 1000; i++) {
      batcher.note(`src/file-${i}.ts`);
      clock.advance(1); // a checkout writing a file a millisecond
    }
    expect(runs.batches).toHaveLength(0);
    clock.advance(298); // 299 ms after the last event
    expect(runs.batches).toHaveLength(0);
    clock.advance(1);
    expect(runs.batches).toHaveLength(1);
    expect(runs.batches[0]!.events).toBe(1000);
    expect(runs.batches[0]!.sample).toHaveLength(8);
  });

  it('runs at maxWait while events never stop', () => {
    const clock = manualClock();
    const runs = gatedRuns();
    const batcher = new ChangeBatcher({ debounceMs: 300, maxWaitMs: 2000, run: runs.run, timers: clock });
    for (let t = 0; t < 2100; t += 100) {
      batcher.note('log.txt');
      clock.advance(100);
    }
    expect(runs.batches).toHaveLength(1);
    expect(runs.batches[0]!.events).toBe(20);
  });

  it('never overlaps runs: events during a run form the next batch, run after it', async () => {
    const clock = manualClock();
    const runs = gatedRuns();
    const batcher = new ChangeBatcher({ debounceMs: 100, maxWaitMs: 1000, run: runs.run, timers: clock });
    batcher.note('a');
    clock.advance(100);
    expect(runs.batches).toHaveLength(1);
    batcher.note('b');
    batcher.note('c');
    clock.advance(5000);
    expect(runs.batches).toHaveLength(1); // still running
    await runs.finish();
    expect(runs.batches).toHaveLength(1); // the next batch waits for quiet, as any other
    clock.advance(100);
    expect(runs.batches.map((batch) => batch.events)).toEqual([1, 2]);
    await runs.finish();
    expect(batcher.busy()).toBe(false);
    expect(batcher.runs).toBe(2);
  });

  it('flush runs what is pending at once and resolves when every event noted so far is handled', async () => {
    const clock = manualClock();
    const handled: number[] = [];
    const batcher = new ChangeBatcher({ debounceMs: 300, maxWaitMs: 10_000, run: async (batch) => void handled.push(batch.events), timers: clock });
    batcher.note('a');
    batcher.note('b');
    await batcher.flush();
    expect(handled).toEqual([2]);
    expect(batcher.busy()).toBe(false);
    await batcher.flush(); // nothing pending: resolves at once
    expect(handled).toEqual([2]);
  });

  it('a failed run is reported and the batcher goes on', async () => {
    const clock = manualClock();
    const errors: unknown[] = [];
    let calls = 0;
    const batcher = new ChangeBatcher({
      debounceMs: 10,
      maxWaitMs: 100,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('disk full');
      },
      onError: (error) => errors.push(error),
      timers: clock,
    });
    batcher.note('a');
    await batcher.flush();
    batcher.note('b');
    await batcher.flush();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('after close, events are ignored and no timer is left', () => {
    const clock = manualClock();
    const runs = gatedRuns();
    const batcher = new ChangeBatcher({ debounceMs: 10, maxWaitMs: 100, run: runs.run, timers: clock });
    batcher.note('a');
    batcher.close();
    batcher.note('b');
    clock.advance(1000);
    expect(runs.batches).toHaveLength(0);
    expect(clock.pending()).toBe(0);
  });
});
