// Deep retrieval as a whole: caps that follow the priority (and the configuration), the
// JSON an agent reads, paths relative to the run directory and the repository.

import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainIndex, openReader, openRepo, runIndex } from '../app.js';
import { defaultDiagnostics } from '../config/diagnostics-defaults.js';
import { createCairnRanker } from '../search/rank/cairn-ranker.js';
import type { CuratedReader } from '../store/curated.js';
import { openSqliteFailureReader } from '../store/sqlite/failure-memory.js';
import { fixtureRepo, tempDir, type TempDir } from '../../test/support/temp-repo.js';
import { deepRetrieve, type DeepRetrievalPorts } from './deep-retrieve.js';
import type { Priority } from './escalate.js';
import { shouldEscalate } from './escalate.js';
import { reportJson } from './report-json.js';
import { openRunDirectory } from './run-directory.js';

const BUNDLE = {
  error_message: 'PaymentError: nothing to charge',
  stack_trace: 'Traceback (most recent call last):\n  File "/srv/shop/payments/gateway.py", line 16, in charge\nPaymentError: nothing to charge',
};

let repo: TempDir;
let run: TempDir;
let reader: CuratedReader;
let ports: DeepRetrievalPorts;

beforeAll(async () => {
  repo = fixtureRepo('shop');
  for (let i = 0; i < 6; i++) repo.write(`docs/page${i}.md`, `# Page ${i}\n\nnothing to charge: PaymentError\n`);
  const context = await openRepo({ repo: repo.path, indexDir: join(repo.path, '.cairn'), env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  reader = openReader(context);
  ports = { reader, ranker: createCairnRanker(), failures: openSqliteFailureReader(join(repo.path, '.cairn')) };
  run = tempDir('cairn-run-');
  for (let i = 0; i < 10; i++) run.write(`logs/step${i}.log`, `step ${i}\n`);
});
afterAll(() => {
  reader.close();
  repo.remove();
  run.remove();
});

function retrieve(priority: Priority, settings = defaultDiagnostics()) {
  const decision = shouldEscalate(BUNDLE, 'build', 1);
  return deepRetrieve(ports, { bundle: decision.bundle, phaseId: 'build', priority, runDir: openRunDirectory(run.path), repoRoot: repo.path, notSourceOfTruth: [join(repo.path, '.cairn')], settings, now: Date.now() });
}

describe('adaptive caps', () => {
  it('high takes more than medium, medium more than low (defaults: 8/5/3 run files, 5/3/2 source files)', async () => {
    const counts = await Promise.all((['high', 'medium', 'low'] as const).map(async (priority) => reportJson(await retrieve(priority)).stats));
    expect(counts.map((stats) => stats.run_artifacts_count)).toEqual([8, 5, 3]);
    expect(counts.map((stats) => stats.sot_files_count)).toEqual([5, 3, 2]);
  });

  it('follow the configuration', async () => {
    const settings = defaultDiagnostics();
    settings.caps.medium = { runArtifacts: { count: 1, bytes: 10_000 }, sotFiles: { count: 1, bytes: 120 }, memoryEntries: { count: 0, bytes: 0 } };
    const json = reportJson(await retrieve('medium', settings));
    expect(json.stats).toMatchObject({ run_artifacts_count: 1, sot_files_count: 1 });
    expect(json.stats.sot_files_size).toBeLessThanOrEqual(120);
    // The file the frame points into is given by the code around the frame's line, within the cap.
    expect(json.sot_files[0]).toMatchObject({ path: 'shop/payments/gateway.py', truncated: false });
    expect(json.sot_files[0]!.content).toContain('        raise PaymentError("nothing to charge")');
    expect(json.caps).toEqual({ run_artifacts: { files: 1, bytes: 10_000 }, sot_files: { files: 1, bytes: 120 }, memory_entries: { entries: 0, bytes: 0 } });
  });
});

describe('the retrieval bundle', () => {
  it('has the fields agents read, with relative paths, ISO times and consistent stats', async () => {
    const json = reportJson(await retrieve('medium'));
    expect(Object.keys(json)).toEqual(['phase_id', 'timestamp', 'priority', 'run_artifacts', 'sot_files', 'memory_entries', 'stats', 'caps', 'notes', 'skipped']);
    expect(json).toMatchObject({ phase_id: 'build', priority: 'medium' });
    expect(new Date(json.timestamp).toISOString()).toBe(json.timestamp);
    expect(json.run_artifacts[0]).toEqual({ path: expect.stringMatching(/^logs\/step\d\.log$/), content: expect.any(String), size: expect.any(Number), modified: expect.any(String), truncated: false });
    expect(json.sot_files[0]).toMatchObject({ path: 'shop/payments/gateway.py', relevance_score: 1 });
    expect(json.stats.run_artifacts_size).toBe(json.run_artifacts.reduce((sum, file) => sum + file.size, 0));
    expect(json.stats.sot_files_size).toBe(json.sot_files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0));
    expect(json.stats.sot_files_size).toBeLessThanOrEqual(15 * 1024);
  });

  it('leaves the run directory out of the source of truth when it lies inside the repository', async () => {
    mkdirSync(join(repo.path, 'docs', 'runs'), { recursive: true });
    writeFileSync(join(repo.path, 'docs', 'runs', 'build.log'), 'PaymentError nothing to charge charge charge\n'.repeat(20));
    const decision = shouldEscalate(BUNDLE, 'build', 1);
    const report = await deepRetrieve(ports, {
      bundle: decision.bundle,
      phaseId: 'build',
      priority: 'high',
      runDir: openRunDirectory(join(realpathSync(repo.path), 'docs', 'runs')),
      repoRoot: repo.path,
      settings: { ...defaultDiagnostics(), sotRanking: 'keywords' },
      now: Date.now(),
    });
    expect(report.runArtifacts.taken.map((taken) => taken.item.path)).toEqual(['build.log']);
    expect(report.sotRanking.map((ranked) => ranked.path)).not.toContain('docs/runs/build.log');
  });
});
