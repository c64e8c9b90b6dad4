// Triggers and deep retrieval write nothing anywhere: every file and folder of the run
// directory and of the repository — its .git, its index directory with the index and the
// failure memory — keeps its bytes and mtime, and nothing is added. Links leaving the run
// directory or the repository are not followed: what they point at never shows.

import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainIndex, openReader, runIndex } from '../app/stores.js';
import { openRepo } from '../app/repo.js';
import { defaultDiagnostics } from '../config/diagnostics-defaults.js';
import { createCairnRanker } from '../search/rank/cairn-ranker.js';
import { openSqliteFailureMemory, openSqliteFailureReader } from '../store/sqlite/failure-memory.js';
import { fixtureRepo, gitInit, tempDir, type TempDir } from '../../test/support/temp-repo.js';
import { snapshotTree } from '../../test/support/tree-snapshot.js';
import { normaliseBundle } from './bundle.js';
import { deepRetrieve } from './deep-retrieve.js';
import { shouldEscalate } from './escalate.js';
import { newFailure } from './failure-signature.js';
import { reportJson } from './report-json.js';
import { openRunDirectory } from './run-directory.js';

const BUNDLE = {
  error_message: 'PaymentError: nothing to charge',
  stack_trace: 'Traceback (most recent call last):\n  File "/srv/shop/payments/gateway.py", line 16, in charge\nPaymentError: nothing to charge',
  root_cause: 'unclear',
};
const SECRET = 'SECRET-OUTSIDE-CONTENT';

let repo: TempDir;
let run: TempDir;
let outside: TempDir;

beforeAll(async () => {
  outside = tempDir('cairn-outside-');
  outside.write('secret.log', `${SECRET} Traceback PaymentError nothing to charge\n`);
  outside.write('folder/more.md', `${SECRET} PaymentError\n`);
  repo = fixtureRepo('shop');
  gitInit(repo.path).commit('shop');
  symlinkSync(join(outside.path, 'secret.log'), join(repo.path, 'docs', 'leak.md'));
  symlinkSync(join(outside.path, 'folder'), join(repo.path, 'docs', 'leak-dir'));
  const context = await openRepo({ repo: repo.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  const memory = openSqliteFailureMemory(context.indexDir);
  memory.record(newFailure(normaliseBundle(BUNDLE).bundle, 'charge only carts with items', 'build'));
  memory.close();
  run = tempDir('cairn-run-');
  run.write('build.attempt-1.log', 'Traceback (most recent call last):\nPaymentError\n');
  run.write('build.attempt-2.log', 'x'.repeat(30_000));
  symlinkSync(join(outside.path, 'secret.log'), join(run.path, 'leak.log'));
  symlinkSync(outside.path, join(run.path, 'leak-dir'));
});
afterAll(() => {
  for (const dir of [repo, run, outside]) dir.remove();
});

describe('isolation', () => {
  it('writes nothing in the run directory, the repository, .git or the index directory, and follows no link out', async () => {
    const context = await openRepo({ repo: repo.path, env: {} });
    // Opened before the first snapshot, as any reader of the index would be: SQLite's
    // shared-memory files of the index exist from then on (see src/diagnostics/README.md).
    const reader = openReader(context);
    const failures = openSqliteFailureReader(context.indexDir);
    const before = { repo: snapshotTree(repo.path), run: snapshotTree(run.path), outside: snapshotTree(outside.path) };
    const runDir = openRunDirectory(run.path);
    const decision = shouldEscalate(BUNDLE, 'build', 2, { runDir });
    expect(decision.priority).toBe('high');
    const report = await deepRetrieve(
      { reader, ranker: createCairnRanker(), failures },
      { bundle: decision.bundle, phaseId: 'build', priority: decision.priority, runDir, repoRoot: repo.path, notSourceOfTruth: [context.indexDir], settings: defaultDiagnostics(), now: Date.now() },
    );
    const after = { repo: snapshotTree(repo.path), run: snapshotTree(run.path), outside: snapshotTree(outside.path) };
    reader.close();
    failures.close();
    expect(after).toEqual(before);
    expect([...before.repo.keys()]).toEqual(expect.arrayContaining(['.git/HEAD', '.cairn/index.db', '.cairn/failures.db']));
    const json = reportJson(report);
    // The newest log is over the high priority's 20 KiB: cut to fit, and the category stops.
    expect(json.run_artifacts.map((file) => [file.path, file.size, file.truncated])).toEqual([['build.attempt-2.log', 20 * 1024, true]]);
    expect(json.stats.sot_files_count).toBeGreaterThan(0);
    expect(json.stats.memory_entries_count).toBe(1);
    expect(JSON.stringify(json)).not.toContain(SECRET);
    expect(report.skipped.runDir.map((entry) => entry.path).sort()).toEqual(['leak-dir', 'leak.log']);
    expect(report.skipped.sourceOfTruth.map((entry) => entry.path).sort()).toEqual(['docs/leak-dir', 'docs/leak.md']);
  });
});
