// `cairn diagnose` on read-only folders: the run directory and the whole repository — its
// .git and its index directory included — cannot be written by the process, and the
// diagnosis still answers in full (index, failure memory, run artifacts), says that it
// could not record itself in the raw log, and leaves every file's bytes and mtime as they
// were. Run as root (where permissions do not bind), the command runs as `nobody`.

import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN, runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, gitInit, tempDir, type TempDir } from '../support/temp-repo.js';
import { snapshotTree } from '../support/tree-snapshot.js';

const NOBODY = 65_534;
const asRoot = process.getuid?.() === 0;

const BUNDLE = {
  error_message: 'PaymentError: nothing to charge',
  stack_trace: 'Traceback (most recent call last):\n  File "/srv/shop/payments/gateway.py", line 16, in charge\nPaymentError: nothing to charge',
  root_cause: 'unclear',
};

/** Every folder `mode`, every file `fileMode`, links left alone. */
function chmodTree(root: string, mode: number, fileMode: number): void {
  chmodSync(root, mode);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) chmodTree(path, mode, fileMode);
    else chmodSync(path, fileMode);
  }
}

function runAsUser(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CAIRN_BIN, ...args], {
      env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1', HOME: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

let repo: TempDir;
let run: TempDir;
let files: TempDir;

beforeAll(async () => {
  repo = fixtureRepo('shop');
  gitInit(repo.path).commit('shop');
  files = tempDir('cairn-bundles-');
  files.write('bundle.json', JSON.stringify(BUNDLE));
  expect((await runCli(['index', repo.path])).code).toBe(0);
  expect((await runCli(['failures', 'record', '--bundle', join(files.path, 'bundle.json'), '--resolution', 'charge only carts with items', '--repo', repo.path])).code).toBe(0);
  // A reader of the index creates SQLite's shared-memory files beside it; any earlier cairn
  // command that read the index (here a search) leaves them, and a read-only reader needs them.
  expect((await runCli(['search', 'charge', '--no-refresh', '--repo', repo.path])).code).toBe(0);
  run = tempDir('cairn-run-');
  run.write('build.attempt-1.log', 'Traceback (most recent call last):\n');
  run.write('build.attempt-2.log', 'retrying\n');
  symlinkSync('/etc/hostname', join(run.path, 'leak.log'));
  chmodTree(repo.path, 0o555, 0o444);
  chmodTree(run.path, 0o555, 0o444);
  chmodTree(files.path, 0o555, 0o444);
});
afterAll(() => {
  for (const dir of [repo, run, files]) {
    chmodTree(dir.path, 0o755, 0o644);
    dir.remove();
  }
});

describe('cairn diagnose on read-only folders', () => {
  it('answers in full, records nothing, and changes no file', async () => {
    expect(lstatSync(join(repo.path, '.cairn', 'index.db-shm')).isFile()).toBe(true);
    const before = { repo: snapshotTree(repo.path), run: snapshotTree(run.path) };
    const result = await runAsUser(['diagnose', '--bundle', join(files.path, 'bundle.json'), '--run-dir', run.path, '--phase', 'build', '--attempt', '2', '--repo', repo.path, '--json']);
    expect({ repo: snapshotTree(repo.path), run: snapshotTree(run.path) }).toEqual(before);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { decision: { priority: string }; retrieval: { run_artifacts: { path: string }[]; sot_files: { path: string; reasons: string[] }[]; memory_entries: unknown[] } };
    expect(json.decision.priority).toBe('high');
    expect(json.retrieval.run_artifacts.map((file) => file.path).sort()).toEqual(['build.attempt-1.log', 'build.attempt-2.log']);
    expect(json.retrieval.sot_files[0]).toMatchObject({ path: 'shop/payments/gateway.py' });
    expect(json.retrieval.sot_files[0]!.reasons).toContain('ranker #1');
    expect(json.retrieval.memory_entries).toHaveLength(1);
    expect(result.stderr).toContain('cairn: warning: the diagnosis was not recorded in the raw log');
  });
});
