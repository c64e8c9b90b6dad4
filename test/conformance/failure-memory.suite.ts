// The failure-memory conformance suite: recording is idempotent by digest and never a
// rewrite, ids derive from digests, lists are newest first, everything round-trips
// (unicode, empty text, frames), and a reader opened where nothing was recorded is empty
// and creates nothing.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failureId, type FailureMemory, type FailureMemoryReader, type NewFailure } from '../../src/store/failures.js';

export interface FailureMemoryHarness {
  memory: FailureMemory;
  /** Opens the memory again for recording (after `memory.close()`). */
  reopen(): FailureMemory;
  /** Opens a reader of what was recorded. */
  openReader(): FailureMemoryReader;
  /** A reader opened where nothing was ever recorded, and a check that opening it created nothing. */
  openEmptyReader(): { reader: FailureMemoryReader; createdNothing(): boolean };
  cleanup(): Promise<void>;
}

export type OpenFailureMemory = (options: { now: () => number }) => Promise<FailureMemoryHarness>;

let digests = 0;
function failure(overrides: Partial<NewFailure> = {}): NewFailure {
  digests += 1;
  return {
    phaseId: 'build',
    errorMessage: "KeyError: 'total'",
    errorType: 'KeyError',
    errorPattern: 'KeyError: <str>',
    frames: [{ path: 'shop/cart.py', line: 27, func: 'Cart.total' }],
    rootCause: 'the discount table has no entry for the code',
    resolution: 'default the discount to 0 when the code is unknown',
    digest: `c${digests.toString(16)}`.padEnd(64, '0'),
    ...overrides,
  };
}

export function runFailureMemorySuite(name: string, open: OpenFailureMemory): void {
  describe(`${name}: failure memory`, () => {
    let harness: FailureMemoryHarness;
    let memory: FailureMemory;
    const clock = { now: 1_000 };

    beforeEach(async () => {
      clock.now = 1_000;
      harness = await open({ now: () => clock.now });
      memory = harness.memory;
    });
    afterEach(async () => {
      memory.close();
      await harness.cleanup();
    });

    it('records a failure and gives it back, id from the digest, time from the clock', () => {
      const input = failure();
      const { record, created } = memory.record(input);
      expect(created).toBe(true);
      expect(record).toEqual({ ...input, id: failureId(input.digest), recordedAt: 1_000 });
      expect(memory.list()).toEqual([record]);
      expect(memory.count()).toBe(1);
    });

    it('recording the same digest again keeps the first entry unchanged', () => {
      const input = failure();
      const first = memory.record(input).record;
      clock.now = 5_000;
      const again = memory.record({ ...input, resolution: 'something else' });
      expect(again).toEqual({ record: first, created: false });
      expect(memory.count()).toBe(1);
      expect(memory.list()[0]!.resolution).toBe(input.resolution);
    });

    it('lists newest first, ties by id, and honours the limit', () => {
      const a = memory.record(failure({ digest: 'b'.repeat(64) })).record;
      const b = memory.record(failure({ digest: 'a'.repeat(64) })).record;
      clock.now = 2_000;
      const c = memory.record(failure()).record;
      expect(memory.list().map((entry) => entry.id)).toEqual([c.id, b.id, a.id]);
      expect(memory.list(2).map((entry) => entry.id)).toEqual([c.id, b.id]);
      expect(memory.list(0)).toEqual([]);
    });

    it('round-trips unicode, empty text, null fields and frames without lines', () => {
      const input = failure({
        phaseId: null,
        errorMessage: 'ошибка: «ключ» 🔥 \u0000 not found',
        errorType: null,
        errorPattern: '',
        frames: [
          { path: 'ü/ñ.py', line: null, func: null },
          { path: 'a.ts', line: 1, func: 'f' },
        ],
        rootCause: '',
        resolution: '修正した',
      });
      const { record } = memory.record(input);
      expect(record).toMatchObject(input);
      memory.close();
      memory = harness.reopen();
      expect(memory.list()).toEqual([record]);
    });

    it('refuses a digest that is not hex, and stores nothing', () => {
      expect(() => memory.record(failure({ digest: 'not a digest' }))).toThrow();
      expect(memory.count()).toBe(0);
    });

    it('a reader sees what was recorded, including by another connection since', () => {
      const first = memory.record(failure()).record;
      const reader = harness.openReader();
      try {
        expect(reader.list()).toEqual([first]);
        clock.now = 3_000;
        const second = memory.record(failure()).record;
        expect(reader.list().map((entry) => entry.id)).toEqual([second.id, first.id]);
        expect(reader.count()).toBe(2);
      } finally {
        reader.close();
      }
    });

    it('a reader where nothing was recorded is empty and creates nothing', () => {
      const { reader, createdNothing } = harness.openEmptyReader();
      try {
        expect(reader.list()).toEqual([]);
        expect(reader.count()).toBe(0);
      } finally {
        reader.close();
      }
      expect(createdNothing()).toBe(true);
    });
  });
}
