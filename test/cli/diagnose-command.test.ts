// `cairn diagnose`, `cairn failures` and `cairn retrieve --bundle` as users run them: exit
// codes and one-line errors, the JSON and markdown, the failure memory across commands, the
// raw log `cairn explain` reads, and the run directory and repository left untouched.

import { spawn } from 'node:child_process';

import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';
import { snapshotTree } from '../support/tree-snapshot.js';
import { SHOP_BUNDLE as BUNDLE } from '../support/shop-handoff.js';


let repo: TempDir;
let run: TempDir;
let files: TempDir;
let indexDir: string;

beforeAll(async () => {
  repo = fixtureRepo('shop');
  files = tempDir('cairn-bundles-');
  indexDir = join(files.path, 'index');
  files.write('bundle.json', JSON.stringify(BUNDLE));
  files.write('not-json.json', '{"error_message": "x",');
  run = tempDir('cairn-run-');
  run.write('build.attempt-1.log', 'collecting\nFAILED tests/test_cart.py\n');
  run.write('build.attempt-2.log', 'collecting\n');
  symlinkSync('/etc/hostname', join(run.path, 'leak.log'));
  const indexed = await runCli(['index', repo.path, '--index-dir', indexDir]);
  expect(indexed.code).toBe(0);
});
afterAll(() => {
  for (const dir of [repo, run, files]) dir.remove();
});

function diagnose(extra: string[], bundle = join(files.path, 'bundle.json')): Promise<CliResult> {
  return runCli(['diagnose', '--bundle', bundle, '--run-dir', run.path, '--phase', 'build', '--attempt', '2', '--repo', repo.path, '--index-dir', indexDir, ...extra]);
}

function expectOneLineError(result: CliResult, code: number, names: string): void {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^cairn: /);
  expect(lines[0]).toContain(names);
  expect(lines.slice(1).every((line) => line.startsWith('  hint: '))).toBe(true);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe('cairn diagnose', () => {
  it('a bundle that is not JSON: exit 3, one line naming it', async () => {
    const bad = join(files.path, 'not-json.json');
    expectOneLineError(await diagnose([], bad), 3, `bundle ${bad} is not JSON`);
  });

  it('a bundle file that does not exist: exit 3, naming it', async () => {
    const missing = join(files.path, 'missing.json');
    expectOneLineError(await diagnose([], missing), 3, missing);
  });

  it('a run directory that does not exist: exit 3, one line naming it', async () => {
    const missing = join(run.path, 'nope');
    const result = await runCli(['diagnose', '--bundle', join(files.path, 'bundle.json'), '--run-dir', missing, '--phase', 'build', '--attempt', '1', '--repo', repo.path, '--index-dir', indexDir]);
    expectOneLineError(result, 3, `run directory ${missing} does not exist`);
  });

  it('a bad attempt or a missing flag: usage error, exit 2', async () => {
    expect((await diagnose(['--attempt', '0'])).code).toBe(2);
    expect((await runCli(['diagnose', '--bundle', join(files.path, 'bundle.json'), '--phase', 'build', '--attempt', '1'])).code).toBe(2);
    expect((await diagnose(['--json', '--markdown'])).code).toBe(2);
  });

  it('JSON: the decision with every trigger, and the retrieval bundle with relative paths', async () => {
    const result = await diagnose(['--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { decision: Record<string, unknown>; retrieval: Record<string, unknown> & { run_artifacts: { path: string }[]; sot_files: { path: string }[]; stats: Record<string, number> } };
    expect(json.decision).toMatchObject({ phase_id: 'build', attempt: 2, escalate: true, priority: 'high', triggers_fired: ['repeated_failures', 'no_clear_root_cause'] });
    expect(Object.keys(json.retrieval).slice(0, 7)).toEqual(['phase_id', 'timestamp', 'priority', 'run_artifacts', 'sot_files', 'memory_entries', 'stats']);
    expect(json.retrieval.run_artifacts.map((file) => file.path).sort()).toEqual(['build.attempt-1.log', 'build.attempt-2.log']);
    expect(json.retrieval.sot_files[0]!.path).toBe('shop/cart.py');
    expect(result.stderr).toMatch(/^cairn: task task-\S+ · escalated, priority high · \d+ ms$/m);
  });

  it('markdown by default; a bundle that needs no escalation gets the decision alone', async () => {
    const md = await diagnose([]);
    expect(md.stdout).toMatch(/^# Diagnosis: phase build, attempt 2 — escalate, priority high\n/);
    expect(md.stdout).toContain('- [x] **repeated_failures**');
    expect(md.stdout).toContain('## Source of truth');
    expect(md.stdout).toContain('> not read: leak.log (run directory): symbolic link to');
    files.write('clear.json', JSON.stringify({ ...BUNDLE, root_cause: 'add_item rejects zero quantities that the importer now sends' }));
    const quiet = await runCli(['diagnose', '--bundle', join(files.path, 'clear.json'), '--run-dir', run.path, '--phase', 'build', '--attempt', '1', '--repo', repo.path, '--index-dir', indexDir, '--json']);
    expect(JSON.parse(quiet.stdout)).toMatchObject({ decision: { escalate: false, priority: 'low' }, retrieval: null });
    const always = await runCli(['diagnose', '--bundle', join(files.path, 'clear.json'), '--run-dir', run.path, '--phase', 'build', '--attempt', '1', '--repo', repo.path, '--index-dir', indexDir, '--json', '--always']);
    expect(JSON.parse(always.stdout)).toMatchObject({ decision: { escalate: false }, retrieval: { priority: 'low', caps: { sot_files: { files: 2, bytes: 8192 } } } });
  });

  it('a bundle of the wrong shape is judged with warnings, from standard input too', async () => {
    const result = await new Promise<CliResult>((resolve, reject) => {
      const child = spawn(process.execPath, [CAIRN_BIN, 'diagnose', '--bundle', '-', '--run-dir', run.path, '--phase', 'build', '--attempt', '1', '--repo', repo.path, '--index-dir', indexDir, '--json'], { env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1' } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
      child.stdin.end('[1, 2, 3]');
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).decision).toMatchObject({ escalate: true, priority: 'high' });
    expect(result.stderr).toContain('cairn: warning: the bundle is an array, not a JSON object: treated as an empty bundle');
  });

  it('a 10 MB bundle is judged, with a warning that only its start was analysed', async () => {
    files.write('big.json', JSON.stringify({ ...BUNDLE, error_message: `ValueError: ${'x'.repeat(10 * 1024 * 1024)}` }));
    const result = await diagnose(['--json'], join(files.path, 'big.json'));
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/cairn: warning: error_message is 10,485,772 characters long: only its first 262,144 are analysed/);
  });

  it('writes nothing in the run directory or the repository; the index directory gains only the raw log', async () => {
    const before = { run: snapshotTree(run.path), repo: snapshotTree(repo.path), index: snapshotTree(indexDir, isRawLogOrWalIndex) };
    expect((await diagnose(['--json'])).code).toBe(0);
    expect({ run: snapshotTree(run.path), repo: snapshotTree(repo.path), index: snapshotTree(indexDir, isRawLogOrWalIndex) }).toEqual(before);
  });

  it('records every decision in the raw log: cairn explain shows the triggers, the priority and each category', async () => {
    const result = await diagnose(['--task-id', 'diag-1']);
    expect(result.code).toBe(0);
    const explained = await runCli(['explain', '--task-id', 'diag-1', '--repo', repo.path, '--index-dir', indexDir]);
    expect(explained.code).toBe(0);
    const text = explained.stdout;
    expect(text).toMatch(/\(diagnose, .*\) · phase build, attempt 2 · escalated, priority high/);
    expect(text).toContain('trigger repeated_failures: FIRED — attempt 2, and earlier attempts failed: build.attempt-1.log (attempt 1: FAILED)');
    expect(text).toContain('trigger minimal_bundle: quiet');
    expect(text).toMatch(/diagnose:sot_files · files · no tier: \d+ kept, \d+ dropped/);
    expect(text).toMatch(/\+ shop\/cart\.py {2}1\.00 {2}whole, \d+ bytes · ranked by frames #1/);
    expect(text).toMatch(/run_artifacts: 2 of at most 8, \d+ of 20480 bytes, 0 truncated, 2 considered/);
  });
});

describe('cairn failures', () => {
  it('records a failure once, lists it, and diagnose shows it beside a similar failure', async () => {
    const record = ['failures', 'record', '--bundle', join(files.path, 'bundle.json'), '--resolution', 'reject zero quantities in the importer', '--repo', repo.path, '--index-dir', indexDir];
    const first = await runCli(record);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^recorded fail-[0-9a-f]{16}: ValueError: quantity must be positive\n$/);
    const again = await runCli(record);
    expect(again.stdout).toMatch(/^already recorded as fail-[0-9a-f]{16}/);
    const list = await runCli(['failures', 'list', '--json', '--repo', repo.path, '--index-dir', indexDir]);
    const entries = JSON.parse(list.stdout) as { id: string; resolution: string; errorType: string }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ resolution: 'reject zero quantities in the importer', errorType: 'ValueError' });
    files.write('similar.json', JSON.stringify({ ...BUNDLE, error_message: 'ValueError: quantity must be positive (got -2)' }));
    const diagnosed = JSON.parse((await diagnose(['--json'], join(files.path, 'similar.json'))).stdout) as { retrieval: { memory_entries: { id: string; content: string }[] } };
    expect(diagnosed.retrieval.memory_entries.map((entry) => entry.id)).toEqual([entries[0]!.id]);
    expect(diagnosed.retrieval.memory_entries[0]!.content).toContain('resolution: reject zero quantities in the importer');
  });

  it('refuses an empty resolution (exit 2) and a bundle with nothing to remember (exit 3)', async () => {
    expect((await runCli(['failures', 'record', '--bundle', join(files.path, 'bundle.json'), '--resolution', ' ', '--repo', repo.path, '--index-dir', indexDir])).code).toBe(2);
    files.write('empty.json', '{}');
    expectOneLineError(await runCli(['failures', 'record', '--bundle', join(files.path, 'empty.json'), '--resolution', 'x', '--repo', repo.path, '--index-dir', indexDir]), 3, 'holds no error message');
  });

  it('lists nothing, and creates nothing, where nothing was recorded', async () => {
    const empty = tempDir('cairn-empty-');
    try {
      const result = await runCli(['failures', 'list', '--repo', empty.path]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('no failures recorded');
      expect(snapshotTree(empty.path).size).toBe(0);
    } finally {
      empty.remove();
    }
  });
});

describe('cairn retrieve --bundle', () => {
  it('retrieves for the failing frames: their code is in the package, within the budget', async () => {
    const result = await runCli(['retrieve', '--bundle', join(files.path, 'bundle.json'), '--repo', repo.path, '--index-dir', indexDir, '--no-refresh', '--context-window', '4000', '--reserved-tokens', '1000', '--format', 'json']);
    expect(result.code).toBe(0);
    const view = JSON.parse(result.stdout) as { items: { symbol: string | null; text: string }[]; budget: { used: number; available: number } };
    const addItem = view.items.find((item) => item.symbol === 'Cart.add_item');
    expect(addItem?.text).toContain('raise ValueError("quantity must be positive")');
    expect(view.budget.used).toBeLessThanOrEqual(view.budget.available);
  });

  it('takes the task once, and refuses a bundle with nothing to retrieve for', async () => {
    expect((await runCli(['retrieve', 'some task', '--bundle', join(files.path, 'bundle.json'), '--repo', repo.path, '--index-dir', indexDir])).code).toBe(2);
    files.write('nothing.json', '{"other": 1}');
    expectOneLineError(await runCli(['retrieve', '--bundle', join(files.path, 'nothing.json'), '--repo', repo.path, '--index-dir', indexDir, '--no-refresh']), 3, 'holds no error message, stack trace, recent changes or root cause');
  });
});

/** The raw log is the one thing a diagnosis writes; SQLite's WAL files of the index are its readers' (see src/diagnostics/README.md). */
function isRawLogOrWalIndex(path: string): boolean {
  return /^raw-log(\.\d+)?\.db(-wal|-shm|-journal)?$/.test(path) || /^index\.db-(wal|shm)$/.test(path);
}

