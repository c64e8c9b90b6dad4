// The raw-log conformance suite. Besides the port, the harness offers `tamper`: a raw
// UPDATE / DELETE issued by a separate connection, bypassing the adapter, which the store
// itself must refuse (and the adapter's error mapping must name as AppendOnlyError).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppendOnlyError } from '../../src/core/errors.js';
import type { RawLog, RawLogEntry } from '../../src/store/raw-log.js';

export interface RawLogHarness {
  log: RawLog;
  /** Opens the log again (after `log.close()`), to check what persisted. */
  reopen(): RawLog;
  tamper: {
    /** Rewrites every entry's payload through another connection; must reject. */
    update(): Promise<void>;
    /** Deletes every entry through another connection; must reject. */
    delete(): Promise<void>;
  };
  cleanup(): Promise<void>;
}

export type OpenRawLog = (options: { now: () => number }) => Promise<RawLogHarness>;

const entry = (overrides: Partial<RawLogEntry> = {}): RawLogEntry => ({
  taskId: 'task-1',
  runId: 'run-1',
  kind: 'decision',
  stage: 'scope',
  payload: { path: 'src/a.ts', kept: true, score: 0.5 },
  ...overrides,
});

export function runRawLogSuite(name: string, open: OpenRawLog): void {
  describe(`${name}: raw log`, () => {
    let harness: RawLogHarness;
    let log: RawLog;
    const clock = { now: 1_700_000_000_000 };

    beforeEach(async () => {
      clock.now = 1_700_000_000_000;
      harness = await open({ now: () => clock.now });
      log = harness.log;
    });
    afterEach(async () => {
      log.close();
      await harness.cleanup();
    });

    it('appends with increasing sequence numbers and the current time', () => {
      const first = log.append(entry());
      clock.now += 5;
      const second = log.append(entry({ kind: 'info', stage: null, payload: 'note' }));
      expect(first).toEqual({ ...entry(), seq: first.seq, at: 1_700_000_000_000 });
      expect(second.seq).toBeGreaterThan(first.seq);
      expect(second).toMatchObject({ at: 1_700_000_000_005, stage: null, payload: 'note' });
    });

    it('reads back exactly what was appended, oldest first', () => {
      const payloads = [{ nested: { list: [1, 'two', null] } }, null, 3.5, 'text', [true, false]];
      const written = log.appendMany(payloads.map((payload) => entry({ payload })));
      expect(written.map((r) => r.payload)).toEqual(payloads);
      expect(log.read({})).toEqual(written);
      const seqs = written.map((r) => r.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
    });

    it('stores an undefined payload as null', () => {
      expect(log.append(entry({ payload: undefined })).payload).toBeNull();
      expect(log.read({})[0]?.payload).toBeNull();
    });

    it('filters by task, run, kinds and stage', () => {
      log.appendMany([
        entry({ taskId: 't1', runId: 'r1', kind: 'run', stage: null }),
        entry({ taskId: 't1', runId: 'r1', kind: 'decision', stage: 'scope' }),
        entry({ taskId: 't1', runId: 'r2', kind: 'decision', stage: 'precision' }),
        entry({ taskId: 't2', runId: 'r3', kind: 'llm_call', stage: 'precision' }),
        entry({ taskId: 't1', runId: 'r2', kind: 'budget', stage: null }),
      ]);
      const kinds = (records: { kind: string }[]) => records.map((r) => r.kind);
      expect(kinds(log.read({ taskId: 't1' }))).toEqual(['run', 'decision', 'decision', 'budget']);
      expect(kinds(log.read({ runId: 'r2' }))).toEqual(['decision', 'budget']);
      expect(kinds(log.read({ kinds: ['llm_call', 'budget'] }))).toEqual(['llm_call', 'budget']);
      expect(kinds(log.read({ stage: 'precision' }))).toEqual(['decision', 'llm_call']);
      expect(kinds(log.read({ taskId: 't1', stage: 'precision', kinds: ['decision'] }))).toEqual(['decision']);
      expect(log.read({ taskId: 'nobody' })).toEqual([]);
      expect(log.read({ kinds: [] })).toHaveLength(5);
    });

    it('lists the runs of a task in order of their first entry', () => {
      log.appendMany([
        entry({ runId: 'b' }),
        entry({ runId: 'a' }),
        entry({ runId: 'b' }),
        entry({ taskId: 'other', runId: 'c' }),
        entry({ runId: 'd' }),
      ]);
      expect(log.runsOf('task-1')).toEqual(['b', 'a', 'd']);
      expect(log.runsOf('none')).toEqual([]);
    });

    it('appends many entries atomically: a bad one stops them all', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(() => log.appendMany([entry(), entry({ payload: cyclic })])).toThrow();
      expect(() => log.append(entry({ payload: 10n }))).toThrow();
      expect(log.read({})).toEqual([]);
    });

    it('appendAll writes in order what appendMany would, undefined as null, after earlier entries', () => {
      const before = log.append(entry());
      clock.now += 7;
      const payloads = [{ nested: { list: [1, 'two', null] } }, undefined, 3.5, 'text'];
      log.appendAll(payloads.map((payload, i) => entry({ runId: `run-${i % 2}`, kind: i === 3 ? 'info' : 'decision', payload })));
      const read = log.read({});
      expect(read.map((r) => r.payload)).toEqual([before.payload, { nested: { list: [1, 'two', null] } }, null, 3.5, 'text']);
      expect(read.slice(1).map((r) => [r.runId, r.kind, r.at])).toEqual([
        ['run-0', 'decision', 1_700_000_000_007],
        ['run-1', 'decision', 1_700_000_000_007],
        ['run-0', 'decision', 1_700_000_000_007],
        ['run-1', 'info', 1_700_000_000_007],
      ]);
      const seqs = read.map((r) => r.seq);
      expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
      expect(log.append(entry()).seq).toBeGreaterThan(seqs[seqs.length - 1] ?? Infinity);
    });

    it('appendAll is atomic: a bad entry stops them all', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(() => log.appendAll([entry(), entry({ payload: cyclic })])).toThrow();
      expect(() => log.appendAll([entry(), entry({ payload: 10n })])).toThrow();
      log.appendAll([]);
      expect(log.read({})).toEqual([]);
    });

    it('refuses updates and deletes made behind the adapter\'s back', async () => {
      const written = log.appendMany([entry(), entry({ runId: 'run-2' })]);
      await expect(harness.tamper.update()).rejects.toBeInstanceOf(AppendOnlyError);
      await expect(harness.tamper.delete()).rejects.toBeInstanceOf(AppendOnlyError);
      expect(log.read({})).toEqual(written);
      expect(log.append(entry()).seq).toBeGreaterThan(written[1]?.seq ?? Infinity);
    });

    it('persists across reopening and keeps numbering forward', () => {
      const written = log.appendMany([entry(), entry({ kind: 'budget' })]);
      log.close();
      log = harness.reopen();
      expect(log.read({})).toEqual(written);
      expect(log.append(entry()).seq).toBeGreaterThan(written[1]?.seq ?? Infinity);
    });
  });
}
