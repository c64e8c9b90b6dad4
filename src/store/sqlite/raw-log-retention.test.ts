// Retention of the raw log: the log is kept under its bound by dropping whole old segment
// files, so every entry still there is exactly as written (no row edited or deleted), the
// sequence keeps rising across segments, and each segment still refuses rewrites.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AppendOnlyError } from '../../core/errors.js';
import type { RawLog, RawLogEntry, RawLogRecord } from '../raw-log.js';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { mapRawLogError, openSqliteRawLog, rawLogStoreFile, readSqliteRawLogUsage } from './raw-log.js';
import { listSegments } from './raw-log-segments.js';

const MAX_BYTES = 2 * 1024 * 1024; // segments of 256 KiB

let dir: TempDir;
const logs: RawLog[] = [];
afterEach(() => {
  for (const log of logs.splice(0)) log.close();
  dir?.remove();
});

function open(maxBytes = MAX_BYTES, now = () => 1_700_000_000_000): RawLog {
  const log = openSqliteRawLog(join(dir.path, '.cairn'), { maxBytes, now });
  logs.push(log);
  return log;
}

/** One run's entries: ~20 KB of decisions, written as a retrieve writes them (one batch). */
function run(n: number): RawLogEntry[] {
  return Array.from({ length: 10 }, (_, i) => ({
    taskId: `task-${n % 3}`,
    runId: `run-${n}`,
    kind: 'decision' as const,
    stage: 'scope',
    payload: { n, i, why: `reason ${n}.${i} `.repeat(150) },
  }));
}

function appendRuns(log: RawLog, from: number, to: number): void {
  for (let n = from; n < to; n++) log.appendAll(run(n));
}

describe('raw log retention', () => {
  it('stays under its bound by dropping whole old segments; what is kept is a gap-free tail of what was written', () => {
    dir = tempDir('cairn-retention-');
    const log = open();
    appendRuns(log, 0, 300); // ~6 MB written into a log kept under 2 MiB
    const usage = log.usage();
    expect(usage.segments).toBeGreaterThan(2);
    expect(usage.bytes).toBeLessThanOrEqual(MAX_BYTES + MAX_BYTES / 8);
    expect(existsSync(join(dir.path, '.cairn', 'raw-log.db'))).toBe(false); // the first segment went whole

    const kept = log.read({});
    const firstRun = (kept[0]!.payload as { n: number }).n;
    expect(firstRun).toBeGreaterThan(0);
    // Whole runs, in order, up to the last one written: nothing inside the kept range is missing or changed.
    const expected = Array.from({ length: 300 - firstRun }, (_, k) => run(firstRun + k)).flat();
    expect(kept.map(({ taskId, runId, kind, stage, payload }) => ({ taskId, runId, kind, stage, payload }))).toEqual(expected);
    expectRising(kept);
    expect(log.runsOf('task-2')).toEqual(expected.filter((entry) => entry.taskId === 'task-2').map((entry) => entry.runId).filter(unique));
  });

  it('reopens at the newest segment and keeps numbering forward across segments', () => {
    dir = tempDir('cairn-retention-');
    appendRuns(open(), 0, 60);
    logs.pop()!.close();
    const reopened = open();
    const before = reopened.read({});
    reopened.appendAll(run(60));
    const after = reopened.read({});
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)!.seq).toBeGreaterThan(before.at(-1)!.seq);
    expectRising(after);
    expect(listSegments(join(dir.path, '.cairn')).length).toBeGreaterThan(1);
  });

  it('refuses rewrites in every segment, not only the first', async () => {
    dir = tempDir('cairn-retention-');
    appendRuns(open(), 0, 60);
    const indexDir = join(dir.path, '.cairn');
    const newest = listSegments(indexDir).at(-1)!;
    expect(newest.number).toBeGreaterThan(0);
    const db = new Database(newest.file);
    try {
      for (const sql of ["UPDATE entries SET payload = '\"rewritten\"'", 'DELETE FROM entries']) {
        let caught: unknown = null;
        try {
          db.prepare(sql).run();
        } catch (error) {
          caught = mapRawLogError(error, rawLogStoreFile(indexDir, newest.number));
        }
        expect(caught).toBeInstanceOf(AppendOnlyError);
      }
    } finally {
      db.close();
    }
  });

  it('reports its size and its oldest entry, also without being opened for writing', () => {
    dir = tempDir('cairn-retention-');
    let clock = 1_700_000_000_000;
    const log = open(MAX_BYTES, () => clock++);
    appendRuns(log, 0, 60);
    const usage = log.usage();
    expect(usage.maxBytes).toBe(MAX_BYTES);
    expect(usage.oldestAt).toBe(log.read({})[0]!.at);
    logs.pop()!.close(); // its write-ahead log folded in: the files now hold what it held
    expect(readSqliteRawLogUsage(join(dir.path, '.cairn'), MAX_BYTES)).toEqual(usage);
    expect(readSqliteRawLogUsage(join(dir.path, 'nothing-here'))).toMatchObject({ segments: 0, bytes: 0, oldestAt: null });
  });
});

function expectRising(records: RawLogRecord[]): void {
  for (let i = 1; i < records.length; i++) expect(records[i]!.seq).toBeGreaterThan(records[i - 1]!.seq);
}

function unique<T>(value: T, index: number, all: T[]): boolean {
  return all.indexOf(value) === index;
}
