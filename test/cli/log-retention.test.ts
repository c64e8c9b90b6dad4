// The index directory stays bounded: with `log.maxBytes` set, a retrieve drops whole old
// raw-log segments (and the sessions they explained) once the log outgrows the bound,
// and `cairn status` shows what the log holds.

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteRawLog, openSqliteSessionStore } from '../../src/store/sqlite/index.js';
import { runCli } from '../support/cli.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

const BUDGET = ['--stages', 'scope,precision', '--context-window', '16000', '--reserved-tokens', '4000'];
const LONG_AGO = 1_600_000_000_000;

describe('raw log retention through the CLI', () => {
  it('a retrieve over a full log drops old segments whole, and the sessions of tasks no longer logged', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    repo.write('cairn.yaml', 'log:\n  maxBytes: 1048576\n');
    const indexDir = join(repo.path, '.cairn');
    expect((await runCli(['index', repo.path])).code).toBe(0);

    // Earlier work: ~3 MB of runs logged long ago, a second apart, and their sessions.
    let clock = LONG_AGO;
    const old = openSqliteRawLog(indexDir, { maxBytes: 4 * 1024 * 1024, now: () => clock });
    const sessions = openSqliteSessionStore(indexDir, { now: () => clock });
    for (let n = 0; n < 150; n++, clock += 1000) {
      old.appendAll(Array.from({ length: 10 }, (_, i) => ({ taskId: `old-${n}`, runId: `run-${n}`, kind: 'decision' as const, stage: 'scope', payload: 'x'.repeat(2000 + i) })));
      sessions.upsert(`old-${n}`, { task: { text: `old task ${n}` } });
    }
    old.close();
    sessions.close();
    const before = await runCli(['status', '--repo', repo.path, '--json']);
    expect(JSON.parse(before.stdout).rawLog.bytes).toBeGreaterThan(2 * 1024 * 1024);

    const retrieved = await runCli(['retrieve', 'Charging an empty cart crashes with PaymentError', '--repo', repo.path, ...BUDGET]);
    expect(retrieved.code, retrieved.stderr).toBe(0);

    const status = await runCli(['status', '--repo', repo.path]);
    const usage = JSON.parse((await runCli(['status', '--repo', repo.path, '--json'])).stdout).rawLog;
    expect(usage.bytes).toBeLessThanOrEqual(1024 * 1024 + 256 * 1024);
    expect(status.stdout).toMatch(/^raw log +\d+\.\d MB in \d+ segments?, entries since .* \(kept under 1\.0 MB: the oldest segments are dropped whole; log\.maxBytes\)$/m);
    // The oldest tasks' logs went, and their sessions with them; the newest run is explained.
    expect((await runCli(['explain', '--task-id', 'old-0', '--repo', repo.path])).code).toBe(7);
    const left = openSqliteSessionStore(indexDir);
    try {
      expect(left.get('old-0')).toBeNull();
      expect(left.get('old-149')).not.toBeNull();
    } finally {
      left.close();
    }
    const taskId = /task (\S+) · run/.exec(retrieved.stderr)![1]!;
    expect((await runCli(['explain', '--task-id', taskId, '--repo', repo.path])).code).toBe(0);
  });
});
