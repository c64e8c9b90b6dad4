// `cairn index` on clones as CI systems and monorepos have them: a real partial clone
// (`--filter=blob:none` over file://, its remote then gone) and a real shallow clone. The
// tree is indexed, the readable history mined, one warning says what was skipped, and the
// clone's .git is left exactly as it was.

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { gitInit, tempDir, type TempDir } from '../support/temp-repo.js';
import { snapshotTree } from '../support/tree-snapshot.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' };

/** A repository of five commits, the third a rename with an edit. */
function source(): TempDir {
  const dir = tempDir('cairn-clone-source-');
  cleanups.push(dir);
  const git = gitInit(dir.path);
  const body = (n: number) => Array.from({ length: 30 }, (_, i) => `    total += ${i * n}`).join('\n');
  for (let n = 1; n <= 5; n++) {
    if (n === 3) rmSync(join(dir.path, 'billing.py'));
    dir.write(n >= 3 ? 'invoice.py' : 'billing.py', `def invoice_total(items):\n    total = 0\n${body(n)}\n    return total\n`);
    dir.write('tax.py', `RATE = ${n}\n`);
    git.commit(`change ${n}: adjust the invoice totals and the tax rate`);
  }
  execFileSync('git', ['config', 'uploadpack.allowFilter', 'true'], { cwd: dir.path, env: GIT_ENV });
  return dir;
}

function cloneOf(from: TempDir, args: string[]): TempDir {
  const into = tempDir('cairn-clone-');
  cleanups.push(into);
  execFileSync('git', ['-c', 'protocol.file.allow=always', 'clone', '--quiet', ...args, `file://${from.path}`, join(into.path, 'repo')], { env: GIT_ENV });
  return { ...into, path: join(into.path, 'repo') };
}

describe('cairn index on partial and shallow clones', () => {
  it('a blob:none partial clone whose remote is gone: indexed, history mined, one warning, .git untouched', async () => {
    const from = source();
    const clone = cloneOf(from, ['--filter=blob:none']);
    from.remove();
    const before = snapshotTree(join(clone.path, '.git'));
    const result = await runCli(['index', clone.path, '--json', '--index-dir', join(clone.path, '..', 'index')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^cairn: warning: partial clone: renames in the history not followed[^\n]*\n$/);
    const summary = JSON.parse(result.stdout);
    expect(summary.files).toBe(2);
    // invoice.py and tax.py changed together (pairs are kept between indexed files only).
    expect(summary.edges.coChange).toBe(1);
    // The rename is not followed: invoice.py's history starts at the commit that added it
    // (3 commits; 5 had billing.py's been followed), and that commit also touched billing.py.
    const index = new Database(join(clone.path, '..', 'index', 'index.db'), { readonly: true });
    try {
      expect(index.prepare("SELECT commit_count FROM files WHERE path = 'invoice.py'").pluck().get()).toBe(3);
      expect(index.prepare("SELECT count(*) FROM commit_files WHERE path = 'billing.py'").pluck().get()).toBe(3);
    } finally {
      index.close();
    }
    expect(summary.warnings).toHaveLength(1);
    expect(snapshotTree(join(clone.path, '.git'))).toEqual(before);
  });

  it('a shallow clone: indexed, the commits it has mined, one warning naming the depth', async () => {
    const clone = cloneOf(source(), ['--depth', '3']);
    const result = await runCli(['index', clone.path, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^cairn: warning: shallow clone: history mined back to the clone's depth only \(2 commits\)\n$/);
    const status = await runCli(['status', '--repo', clone.path]);
    expect(status.stdout).toMatch(/history +shallow clone: history mined back to the clone's depth only/);
  });
});
