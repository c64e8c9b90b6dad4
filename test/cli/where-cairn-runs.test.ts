// Where cairn agrees to run, and what it leaves behind: a home folder or a filesystem root
// is refused without --force (before anything is walked or written), and the index
// directory carries its own .gitignore so that it never shows in `git status`.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { fixtureRepo, gitInit, tempDir, type TempDir } from '../support/temp-repo.js';

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

function scratch(prefix?: string): TempDir {
  const dir = tempDir(prefix);
  cleanups.push(dir);
  return dir;
}

describe('a home folder or a filesystem root', () => {
  it('is refused with exit 3 and a hint to use --force, without writing anything', async () => {
    const home = scratch('cairn-home-');
    home.write('notes.txt', 'my notes\n');
    for (const args of [['index'], ['search', 'notes'], ['status']]) {
      const result = await runCli(args, { cwd: home.path, env: { HOME: home.path } });
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`${home.path} is your home folder, not a repository`);
      expect(result.stderr).toContain('--force');
    }
    expect(existsSync(join(home.path, '.cairn'))).toBe(false);
    const root = await runCli(['search', 'x', '--repo', '/', '--index-dir', join(home.path, 'idx')]);
    expect(root.code).toBe(3);
    expect(root.stderr).toContain('/ is a filesystem root, not a repository');
    expect(existsSync(join(home.path, 'idx'))).toBe(false);
  });

  it('is indexed with --force, and later commands accept it since its index exists', async () => {
    const home = scratch('cairn-home-');
    home.write('notes.py', 'def remember():\n    return 1\n');
    const env = { HOME: home.path };
    expect((await runCli(['index', '--force', '--json'], { cwd: home.path, env })).code).toBe(0);
    const search = await runCli(['search', 'remember', '--no-refresh'], { cwd: home.path, env });
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('notes.py');
  });
});

describe('the index directory', () => {
  it('ignores itself: a repository indexed in place shows nothing new in git status', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    gitInit(repo.path).commit('initial');
    expect((await runCli(['index', repo.path])).code).toBe(0);
    expect(existsSync(join(repo.path, '.cairn', 'index.db'))).toBe(true);
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo.path, encoding: 'utf8' });
    expect(status).toBe('');
  });

  it('leaves a folder the user named, which already held files, without a .gitignore', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    const named = scratch('cairn-named-');
    mkdirSync(join(named.path, 'mine'));
    writeFileSync(join(named.path, 'mine', 'keep.txt'), 'theirs\n');
    expect((await runCli(['index', repo.path, '--index-dir', join(named.path, 'mine')])).code).toBe(0);
    expect(existsSync(join(named.path, 'mine', '.gitignore'))).toBe(false);
    expect((await runCli(['index', repo.path, '--index-dir', join(named.path, 'fresh')])).code).toBe(0);
    expect(readFileSync(join(named.path, 'fresh', '.gitignore'), 'utf8')).toContain('*');
  });
});
