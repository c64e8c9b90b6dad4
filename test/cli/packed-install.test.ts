// The package as users get it: `npm pack` makes a tarball that `npm install -g` installs
// into a fresh prefix (its native parts built there; nothing built by hand), and the
// installed `cairn` indexes, searches and retrieves in a repository somewhere else.
// Slow by nature (the install compiles better-sqlite3 and cairn's own addon): one test,
// a few minutes, run with the rest of `npm test` so that a broken package never ships.

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { gitInit, FIXTURE_REPOS, tempDir, type TempDir } from '../support/temp-repo.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

let work: TempDir | null = null;
afterAll(() => work?.remove());

/** The environment without what an enclosing `npm test` exports (npm_config_prefix & co.). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name) && name !== 'INIT_CWD') env[name] = value;
  return { ...env, CI: '1', CAIRN_INDEX_DIR: '' };
}

function run(command: string, args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the packed package', () => {
  it('installs globally from its tarball into a new prefix and runs in another folder', () => {
    work = tempDir('cairn-packed-');
    // dist/ was built by the test setup, as `npm run build` (prepare) builds it before a real pack.
    const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work.path], ROOT);
    expect(packed.code, packed.stderr).toBe(0);
    const [report] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    const files = report!.files.map((file) => file.path);
    expect(report!.filename).toBe(`${PACKAGE.name}-${PACKAGE.version}.tgz`);
    for (const needed of ['bin/cairn.js', 'dist/bundle/main.js', 'dist/tokenizer/o200k_base.bin', 'binding.gyp', 'native/flat_tree.c', 'src/store/sqlite/migrations/index/001_initial.sql']) {
      expect(files).toContain(needed);
    }
    expect(files.filter((path) => path.endsWith('.ts') || path.startsWith('test/'))).toEqual([]);

    const prefix = join(work.path, 'prefix');
    const installed = run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', join(work.path, report!.filename)], work.path);
    expect(installed.code, installed.stderr).toBe(0);
    const cairn = join(prefix, 'bin', 'cairn');
    expect(realpathSync(cairn).startsWith(realpathSync(prefix))).toBe(true);
    expect(readdirSync(join(prefix, 'lib', 'node_modules', PACKAGE.name, 'build', 'Release'))).toContain('flat_tree.node');

    // Another folder, another repository: nothing of this checkout around it.
    const elsewhere = join(work.path, 'elsewhere');
    cpSync(join(FIXTURE_REPOS, 'shop'), elsewhere, { recursive: true });
    gitInit(elsewhere).commit('the shop');
    expect(run(cairn, ['--version'], elsewhere).stdout.trim()).toBe(PACKAGE.version);
    const indexed = run(cairn, ['index', '--json'], elsewhere);
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(JSON.parse(indexed.stdout)).toMatchObject({ root: realpathSync(elsewhere), files: 12, parseFailures: {} });
    const searched = run(cairn, ['search', 'payment gateway charge', '--json', '--limit', '3'], elsewhere);
    expect(searched.code, searched.stderr).toBe(0);
    expect(JSON.parse(searched.stdout).results[0].path).toBe('shop/payments/gateway.py');
    const retrieved = run(cairn, ['retrieve', 'Charging an empty cart crashes with PaymentError', '--stages', 'scope,precision', '--context-window', '16000', '--reserved-tokens', '4000'], elsewhere);
    expect(retrieved.code, retrieved.stderr).toBe(0);
    expect(retrieved.stdout).toContain('shop/payments/gateway.py');
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: elsewhere, encoding: 'utf8' })).toBe('');
  }, 20 * 60_000);
});
