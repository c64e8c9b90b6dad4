import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGitHistory } from './history.js';
import { headCommit, trackedFiles } from './repository.js';
import { TestRepo } from './test-repo.fixture.js';

let dir: string;
let repo: TestRepo;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-git-'));
  repo = TestRepo.init(dir);
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const body = (n: number): string => Array.from({ length: 20 }, (_, i) => `line ${i} of version ${n}`).join('\n');

/** See the timeline in the first test. */
function buildHistory(): string {
  repo.commit(1000, 'add files', { 'a.py': body(1), 'b.py': 'b\n'.repeat(30), 'docs/x.md': '# x\n' });
  repo.commit(2000, 'touch a b', { 'a.py': body(2), 'b.py': 'b\n'.repeat(31) });
  repo.git(2500, 'checkout', '--quiet', '-b', 'feature');
  repo.commit(2500, 'feature', { 'docs/x.md': '# x\nmore\n', 'f.py': 'f' });
  repo.git(3000, 'checkout', '--quiet', 'main');
  fs.mkdirSync(path.join(dir, 'lib'));
  repo.git(3000, 'mv', 'b.py', 'lib/b2.py');
  repo.commit(3000, 'rename b\n\nMoved into lib.', { 'a.py': body(4) });
  repo.git(3500, 'merge', '--quiet', '--no-ff', '-m', 'merge feature', 'feature');
  const head = repo.commit(4000, 'big', { 'a.py': body(5), 'lib/b2.py': 'b\n'.repeat(32), 'docs/x.md': '#\n', 'c.txt': 'c' });
  repo.git(5000, 'checkout', '--quiet', '-b', 'unmerged');
  repo.commit(5000, 'unmerged', { 'a.py': body(6) });
  repo.git(5000, 'checkout', '--quiet', 'main');
  return head;
}

describe('readGitHistory', () => {
  it('reads commits reachable from HEAD, skips merges, follows renames, counts co-change', async () => {
    const head = buildHistory();
    const history = await readGitHistory(dir, { maxCommits: 100, maxFilesPerCommit: 3 });
    expect(history?.head).toBe(head);
    expect(history?.commits.map((c) => [c.time, c.subject, c.body, c.files])).toEqual([
      [4000, 'big', '', ['a.py', 'c.txt', 'docs/x.md', 'lib/b2.py']],
      [3000, 'rename b', 'Moved into lib.', ['a.py', 'lib/b2.py']],
      [2500, 'feature', '', ['docs/x.md', 'f.py']],
      [2000, 'touch a b', '', ['a.py', 'lib/b2.py']],
      [1000, 'add files', '', ['a.py', 'docs/x.md', 'lib/b2.py']],
    ]);
    expect(history?.commits[0]?.sha).toBe(head);
    expect(history?.coChange).toEqual([
      { a: 'a.py', b: 'docs/x.md', count: 1 },
      { a: 'a.py', b: 'lib/b2.py', count: 3 },
      { a: 'docs/x.md', b: 'f.py', count: 1 },
      { a: 'docs/x.md', b: 'lib/b2.py', count: 1 },
    ]);
    expect(Object.fromEntries(history?.fileHistory ?? [])).toEqual({
      'a.py': { lastCommitAt: 4000, commitCount: 4 },
      'c.txt': { lastCommitAt: 4000, commitCount: 1 },
      'docs/x.md': { lastCommitAt: 4000, commitCount: 3 },
      'f.py': { lastCommitAt: 2500, commitCount: 1 },
      'lib/b2.py': { lastCommitAt: 4000, commitCount: 4 },
    });
  });

  it('stops after maxCommits non-merge commits', async () => {
    buildHistory();
    const history = await readGitHistory(dir, { maxCommits: 2, maxFilesPerCommit: 3 });
    expect(history?.commits.map((c) => c.subject)).toEqual(['big', 'rename b']);
    expect(history?.coChange).toEqual([{ a: 'a.py', b: 'lib/b2.py', count: 1 }]);
  });

  it('gives paths relative to a subfolder root and drops files outside it', async () => {
    buildHistory();
    const history = await readGitHistory(path.join(dir, 'docs'), { maxCommits: 100, maxFilesPerCommit: 3 });
    expect(history?.commits.map((c) => [c.subject, c.files])).toEqual([
      ['big', ['x.md']],
      ['feature', ['x.md']],
      ['add files', ['x.md']],
    ]);
    expect(Object.fromEntries(history?.fileHistory ?? [])).toEqual({ 'x.md': { lastCommitAt: 4000, commitCount: 3 } });
    expect(history?.coChange).toEqual([]);
  });

  it('returns a history with head null for a repository without commits', async () => {
    expect(await readGitHistory(dir, { maxCommits: 10, maxFilesPerCommit: 3 })).toEqual({
      head: null,
      commits: [],
      coChange: [],
      fileHistory: new Map(),
      skipped: null,
    });
  });

  it('returns null outside a git work tree', async () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-plain-'));
    try {
      expect(await readGitHistory(plain, { maxCommits: 10, maxFilesPerCommit: 3 })).toBeNull();
      expect(await headCommit(plain)).toBeNull();
      expect(await trackedFiles(plain)).toBeNull();
    } finally {
      fs.rmSync(plain, { recursive: true, force: true });
    }
  });

  it('leaves the repository exactly as it was', async () => {
    buildHistory();
    repo.write({ 'a.py': 'dirty working tree\n', 'untracked.py': '' });
    const snapshot = (): string[] =>
      fs
        .readdirSync(path.join(dir, '.git'), { recursive: true, withFileTypes: true })
        .map((e) => {
          const abs = path.join(e.parentPath, e.name);
          return `${path.relative(dir, abs)} ${fs.statSync(abs).mtimeMs}`;
        })
        .sort();
    const before = snapshot();
    await readGitHistory(dir, { maxCommits: 100, maxFilesPerCommit: 3 });
    await headCommit(dir);
    await trackedFiles(dir);
    expect(snapshot()).toEqual(before);
  });
});

describe('headCommit and trackedFiles', () => {
  it('reads HEAD and the tracked files below the root', async () => {
    expect(await headCommit(dir)).toBeNull();
    const head = buildHistory();
    repo.write({ 'untracked.py': '' });
    expect(await headCommit(dir)).toBe(head);
    expect([...((await trackedFiles(dir)) ?? [])].sort()).toEqual(['a.py', 'c.txt', 'docs/x.md', 'f.py', 'lib/b2.py']);
    expect([...((await trackedFiles(path.join(dir, 'lib'))) ?? [])]).toEqual(['b2.py']);
  });
});
