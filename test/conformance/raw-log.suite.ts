// The raw-log conformance suite. Besides the port, the harness offers `tamper`: a raw
// UPDATE / DELETE issued by a separate connection, bypassing the adapter, which the store
// itself must refuse (and the adapter's error mapping must name as AppendOnlyError).

import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppendOnlyError } from '../../src/core/errors.js';
import type { RawLog, RawLogEntry } from '../../src/store/raw-log.js';

export interface RawLogHarness {
  log: RawLog;
  /** Opens the log again (after `log.close()`), to check what persisted; `maxBytes` is `log.maxBytes`. */
  reopen(options?: { maxBytes?: number }): RawLog;
  tamper: {
    /** Rewrites every entry's payload (of the newest segment or partition, at least) through another connection; must reject. */
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

/** One run's entries as a retrieve writes them (one batch): ~26 KB of payload that does not compress (PostgreSQL compresses large values). */
function run(n: number): RawLogEntry[] {
  return Array.from({ length: 10 }, (_, i) => ({
    taskId: `task-${n % 3}`,
    runId: `run-${n}`,
    kind: 'decision' as const,
    stage: 'scope',
    payload: { n, i, why: Array.from({ length: 40 }, (_, k) => createHash('sha256').update(`${n}.${i}.${k}`).digest('base64')).join(' ') },
  }));
}

const BOUND = 2 * 1024 * 1024;

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

    it('stays under log.maxBytes by dropping whole old segments: the rest is a gap-free tail of what was written, still append-only', async () => {
      log.close();
      log = harness.reopen({ maxBytes: BOUND });
      for (let n = 0; n < 300; n++) log.appendAll(run(n)); // ~8 MB into a log kept under 2 MiB
      const usage = log.usage();
      expect(usage.maxBytes).toBe(BOUND);
      expect(usage.segments).toBeGreaterThan(2);
      expect(usage.bytes).toBeLessThanOrEqual(BOUND + BOUND / 8);
      const kept = log.read({});
      const firstRun = (kept[0]!.payload as { n: number }).n;
      expect(firstRun).toBeGreaterThan(0);
      const expected = Array.from({ length: 300 - firstRun }, (_, k) => run(firstRun + k)).flat();
      expect(kept.map(({ taskId, runId, kind, stage, payload }) => ({ taskId, runId, kind, stage, payload }))).toEqual(expected);
      for (let i = 1; i < kept.length; i++) expect(kept[i]!.seq).toBeGreaterThan(kept[i - 1]!.seq);
      expect(usage.oldestAt).toBe(kept[0]!.at);
      await expect(harness.tamper.update()).rejects.toBeInstanceOf(AppendOnlyError);
      await expect(harness.tamper.delete()).rejects.toBeInstanceOf(AppendOnlyError);
      expect(log.read({})).toEqual(kept);
    }, 60_000);
  });
}
