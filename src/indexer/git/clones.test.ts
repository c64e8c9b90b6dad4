// History mining on clones as people have them: a real partial clone (`--filter=blob:none`
// over file://), a real shallow clone, and object stores missing a blob or a tree. The
// history that can be read is mined, what was left out is named, and the clone's object
// store is never written to (no on-demand fetch).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotTree } from '../../../test/support/tree-snapshot.js';
import { readGitHistory } from './history.js';
import { TestRepo } from './test-repo.fixture.js';

let dir: string;
let source: TestRepo;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-clones-'));
  fs.mkdirSync(path.join(dir, 'source'));
  source = TestRepo.init(path.join(dir, 'source'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const OPTIONS = { maxCommits: 100, maxFilesPerCommit: 30 };
const lines = (tag: string): string => Array.from({ length: 30 }, (_, i) => `line ${i} ${i === 29 ? tag : ''}`).join('\n');

/** Four commits; the third renames a.py with an edit, which rename detection must read both blobs to see. */
function buildSource(): string[] {
  const shas = [
    source.commit(1000, 'add a and b', { 'a.py': lines('one'), 'b.py': 'b = 1\n' }),
    source.commit(2000, 'touch a and b', { 'a.py': lines('two'), 'b.py': 'b = 2\n' }),
  ];
  source.git(3000, 'mv', 'a.py', 'c.py');
  shas.push(source.commit(3000, 'rename a to c', { 'c.py': lines('three') }));
  shas.push(source.commit(4000, 'touch c and b', { 'c.py': lines('four'), 'b.py': 'b = 4\n' }));
  return shas;
}

function clone(...args: string[]): string {
  const target = path.join(dir, 'clone');
  source.git(5000, 'config', 'uploadpack.allowFilter', 'true');
  source.git(5000, '-c', 'protocol.file.allow=always', 'clone', '--quiet', ...args, `file://${source.root}`, target);
  return target;
}

function objectPath(repo: string, sha: string): string {
  return path.join(repo, '.git', 'objects', sha.slice(0, 2), sha.slice(2));
}

describe('history of a partial clone (--filter=blob:none)', () => {
  it('mines every commit without fetching a single object, and says renames were not followed', async () => {
    const shas = buildSource();
    const cloned = clone('--filter=blob:none');
    const before = snapshotTree(path.join(cloned, '.git'));
    const history = await readGitHistory(cloned, OPTIONS);
    expect(snapshotTree(path.join(cloned, '.git'))).toEqual(before);
    expect(history?.commits.map((commit) => commit.sha)).toEqual([...shas].reverse());
    expect(history?.commits.find((commit) => commit.subject === 'touch a and b')?.files).toEqual(['a.py', 'b.py']);
    expect(history?.skipped).toMatch(/^partial clone: renames in the history not followed/);
  });

  it('still mines the history when the remote it was cloned from is gone', async () => {
    buildSource();
    const cloned = clone('--filter=blob:none');
    fs.rmSync(source.root, { recursive: true, force: true });
    const history = await readGitHistory(cloned, OPTIONS);
    expect(history?.commits).toHaveLength(4);
    expect(history?.coChange.map((pair) => `${pair.a}+${pair.b}`)).toContain('b.py+c.py');
  });
});

describe('history of a shallow clone', () => {
  it('leaves out the boundary commit (whose diff would be the whole tree) and says the depth limits it', async () => {
    const shas = buildSource();
    const cloned = clone('--depth', '2');
    const history = await readGitHistory(cloned, OPTIONS);
    expect(history?.commits.map((commit) => commit.sha)).toEqual([shas[3]]);
    expect(history?.fileHistory.get('b.py')).toEqual({ lastCommitAt: 4000, commitCount: 1 });
    expect(history?.skipped).toMatch(/^shallow clone: history mined back to the clone's depth only \(1 commits\)/);
  });
});

describe('history with objects missing from the store', () => {
  it('a missing blob that rename detection needs: every commit mined, renames not followed, git quoted', async () => {
    const shas = buildSource();
    const oldBlob = source.git(0, 'rev-parse', `${shas[1]}:a.py`).trim();
    fs.rmSync(objectPath(source.root, oldBlob));
    const history = await readGitHistory(source.root, OPTIONS);
    expect(history?.commits).toHaveLength(4);
    expect(history?.skipped).toMatch(/^renames in the history not followed \(git: .*unable to read/);
  });

  it('a missing tree: the commits before git stopped are kept, and the rest named as skipped', async () => {
    const shas = buildSource();
    const firstTree = source.git(0, 'rev-parse', `${shas[0]}^{tree}`).trim();
    fs.rmSync(objectPath(source.root, firstTree));
    const history = await readGitHistory(source.root, OPTIONS);
    expect(history?.commits.map((commit) => commit.sha)).toEqual([shas[3], shas[2]]);
    expect(history?.skipped).toContain(`history older than commit ${shas[2]!.slice(0, 12)} skipped`);
  });
});
