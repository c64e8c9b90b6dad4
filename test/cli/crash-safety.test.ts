// A `cairn index` killed mid-run leaves a consistent index, and the next run completes it
// to exactly what an uninterrupted run produces. A first index is built apart
// (index.next.db) and published whole: killed, it leaves no index.db for readers to trust.

import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteCuratedReader } from '../../src/store/sqlite/index.js';
import { CAIRN_BIN, runCli } from '../support/cli.js';
import { tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: string[] = [];
afterEach(() => {
  for (const path of cleanups.splice(0)) rmSync(path, { recursive: true, force: true });
});

const MODULES = 1500;

function syntheticRepo(): TempDir {
  const repo = tempDir('cairn-crash-');
  cleanups.push(repo.path);
  for (let i = 0; i < MODULES; i++) {
    const next = (i + 1) % MODULES;
    repo.write(
      `pkg/sub${i % 20}/mod_${i}.py`,
      `"""Module ${i}."""\nfrom pkg.sub${next % 20}.mod_${next} import helper_${next}\n\n\nclass Widget${i}:\n    """A widget."""\n\n    def render_${i}(self, value):\n        return helper_${next}(value) * ${i}\n\n\ndef helper_${i}(value):\n    return value + ${i}\n`,
    );
  }
  return repo;
}

function killWhenWritesBegin(args: string[]): Promise<{ killed: boolean; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CAIRN_BIN, ...args], { stdio: 'ignore', env: { ...process.env, CI: '1' } });
    const wal = join(args[args.indexOf('--index-dir') + 1]!, 'index.next.db-wal');
    const poll = setInterval(() => {
      // Past the schema migrations' writes (~1.5 MiB since migration 5: every table is a
      // 16 KiB page, and each migration's transaction logs the pages it touches), into the files' own.
      if (existsSync(wal) && statSync(wal).size > 4 * 1024 * 1024) {
        clearInterval(poll);
        child.kill('SIGKILL');
      }
    }, 2);
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      resolve({ killed: signal === 'SIGKILL', code });
    });
  });
}

function snapshot(indexDir: string): { state: string; files: number; keys: string[] } {
  const reader = openSqliteCuratedReader(indexDir);
  try {
    const stats = reader.stats();
    return { state: stats.state, files: stats.files, keys: reader.allSymbols().map((s) => s.key) };
  } finally {
    reader.close();
  }
}

describe('crash safety', () => {
  it('completes an index whose writer was killed mid-run', async () => {
    const repo = syntheticRepo();
    const indexDir = join(repo.path, '..', `${repo.path.split('/').pop()}-index`);
    const fresh = join(indexDir, '..', `${repo.path.split('/').pop()}-fresh`);
    // Both index folders sit beside the repo (outside it), so they need their own cleanup.
    cleanups.push(indexDir, fresh);
    const outcome = await killWhenWritesBegin(['index', repo.path, '--index-dir', indexDir]);
    expect(outcome.killed).toBe(true);

    expect(existsSync(join(indexDir, 'index.db'))).toBe(false);
    const staged = new Database(join(indexDir, 'index.next.db'), { readonly: true });
    try {
      expect(staged.prepare("SELECT value FROM meta WHERE key = 'state'").pluck().get()).toBe('building');
      expect(staged.prepare('SELECT count(*) FROM files').pluck().get()).toBeLessThan(MODULES);
    } finally {
      staged.close();
    }
    const reader = await runCli(['search', 'widget', '--repo', repo.path, '--index-dir', indexDir, '--no-refresh']);
    expect(reader.code).toBe(5);
    expect(reader.stdout).toBe('');

    const resumed = await runCli(['index', repo.path, '--index-dir', indexDir, '--json']);
    expect(resumed.code).toBe(0);
    expect((await runCli(['index', repo.path, '--index-dir', fresh, '--json'])).code).toBe(0);

    const completed = snapshot(indexDir);
    expect(completed.state).toBe('complete');
    expect(completed).toEqual(snapshot(fresh));
    const [a, b] = [JSON.parse(resumed.stdout), JSON.parse((await runCli(['index', repo.path, '--index-dir', fresh, '--json'])).stdout)];
    expect(a.edges.references).toBe(b.edges.references);
    expect(a.edges.imports).toBe(b.edges.imports);
  }, 120_000);
});
