// Run artifacts: the recency order and the category's caps over real files.

import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { walkInside } from './fs/safe-walk.js';
import { recencyOrder, takeRunArtifacts } from './run-artifacts.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Files with the given ages in hours, each `size` bytes. */
function runDir(ages: Record<string, number>, size = 10, binary: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-run-'));
  dirs.push(dir);
  for (const [name, hours] of Object.entries(ages)) {
    const path = join(dir, name);
    writeFileSync(path, binary.includes(name) ? Buffer.from([0, 1, 2]) : name.padEnd(size, '.'));
    const when = (NOW - hours * HOUR) / 1000;
    utimesSync(path, when, when);
  }
  return dir;
}

describe('recency order', () => {
  it('files of the last 24 hours first, newest first, then older ones, newest first; ties by path', () => {
    const dir = runDir({ 'old-2d.log': 48, 'recent-1h.log': 1, 'old-25h.log': 25, 'recent-23h.log': 23, 'b-3h.log': 3, 'a-3h.log': 3, 'old-10d.log': 240 });
    const ordered = recencyOrder(walkInside(dir).files, NOW, 24);
    expect(ordered.map((entry) => [entry.file.path, entry.recent])).toEqual([
      ['recent-1h.log', true],
      ['a-3h.log', true],
      ['b-3h.log', true],
      ['recent-23h.log', true],
      ['old-25h.log', false],
      ['old-2d.log', false],
      ['old-10d.log', false],
    ]);
  });

  it('the window is a setting', () => {
    const dir = runDir({ 'a.log': 1, 'b.log': 3 });
    expect(recencyOrder(walkInside(dir).files, NOW, 2).map((entry) => entry.recent)).toEqual([true, false]);
  });
});

describe('takeRunArtifacts', () => {
  it('takes the newest files under the count cap, with paths relative to the run directory and ISO times', () => {
    const dir = runDir({ 'a.log': 1, 'b.log': 2, 'c.log': 3, 'd.log': 4, 'e.log': 5, 'f.log': 6, 'g.log': 30 });
    const outcome = takeRunArtifacts(walkInside(dir).files, { now: NOW, windowHours: 24, cap: { count: 5, bytes: 10_240 }, minTruncatedBytes: 100 });
    expect(outcome.taken.map((taken) => taken.item.path)).toEqual(['a.log', 'b.log', 'c.log', 'd.log', 'e.log']);
    expect(outcome.taken[0]!.item.modified).toBe('2026-03-01T11:00:00.000Z');
    expect(outcome.stoppedBy).toBe('count');
  });

  it('cuts the file that passes the byte cap and stops; binary files are passed over', () => {
    const dir = runDir({ 'new.bin': 0.5, 'a.log': 1, 'b.log': 2, 'c.log': 3 }, 4_000, ['new.bin']);
    const outcome = takeRunArtifacts(walkInside(dir).files, { now: NOW, windowHours: 24, cap: { count: 5, bytes: 10_240 }, minTruncatedBytes: 100 });
    expect(outcome.taken.map((taken) => [taken.item.path, taken.size, taken.truncated])).toEqual([
      ['a.log', 4_000, false],
      ['b.log', 4_000, false],
      ['c.log', 2_240, true],
    ]);
    expect(outcome.bytes).toBe(10_240);
    expect(outcome.verdicts[0]).toEqual({ id: 'new.bin', verdict: 'excluded', reason: 'binary (a NUL byte in its first 8 KiB)', bytes: 0 });
  });
});
