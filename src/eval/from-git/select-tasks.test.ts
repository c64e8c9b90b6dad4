import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScriptedRepo, type ScriptedRepo } from './scripted-repo.fixture.js';
import { selectCommitTasks } from './select-tasks.js';

let dir: string;
let scripted: ScriptedRepo;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-select-'));
  scripted = buildScriptedRepo(join(dir, 'repo'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function select(commits: number) {
  const { commits: c } = scripted;
  return selectCommitTasks({ cwd: scripted.repo.root, head: c.round, repoName: 'shop', commits, maxFiles: 10 });
}

describe('selectCommitTasks', () => {
  it('keeps exactly the commits that make honest tasks, newest first, and says why the others went', async () => {
    const { commits: c } = scripted;
    const selection = await select(50);
    expect(selection.tasks.map((task) => task.commit)).toEqual([c.round, c.reserve, c.clamp]);
    expect(selection.examined).toBe(12);
    expect(selection.skipped).toEqual({
      'no-gold-file': 2, // docs only; a new file only (not at the parent)
      bot: 1,
      'short-message': 1,
      'names-changed-file': 1,
      revert: 1,
      merge: 1,
      'too-many-files': 1,
      root: 1,
    });
  });

  it('builds each task at the parent: query, gold source files (not tests), hunk ranges', async () => {
    const { commits: c } = scripted;
    const [round, reserve, clamp] = (await select(50)).tasks;
    expect(clamp).toMatchObject({
      id: `shop-${c.clamp.slice(0, 12)}`,
      repo: 'shop',
      base_commit: c.initial,
      commit: c.clamp,
      category: 'fix',
      query: 'Fix negative totals: clamp discounts so a coupon never makes the order total negative',
      gold_files: ['shop/pricing.py'], // tests/test_pricing.py changed too, but is a test
      gold_functions: [],
      ranges: { 'shop/pricing.py': [{ start: 8, count: 1 }] },
    });
    expect(reserve).toMatchObject({ base_commit: c.clamp, // its branch left main there
       gold_files: ['shop/inventory.py'], category: 'change' });
    expect(round).toMatchObject({ base_commit: c.added, gold_files: ['shop/pricing.py'] });
    expect(round!.ranges['shop/pricing.py']).toHaveLength(2);
  });

  it('stops walking once it has the tasks asked for', async () => {
    const { commits: c } = scripted;
    const selection = await select(2);
    expect(selection.tasks.map((task) => task.commit)).toEqual([c.round, c.reserve]);
    expect(selection.examined).toBe(10);
  });

  it('honours --max-files: a smaller cap turns a two-file commit away', async () => {
    const { commits: c } = scripted;
    const selection = await selectCommitTasks({ cwd: scripted.repo.root, head: c.round, repoName: 'shop', commits: 50, maxFiles: 1 });
    expect(selection.tasks.map((task) => task.commit)).toEqual([c.round, c.reserve]);
    // the mega-commit, and the two-file clamp and estimator commits
    expect(selection.skipped['too-many-files']).toBe(3);
  });
});

describe('selectCommitTasks on a partial object store', () => {
  it('skips a commit whose changed file is missing at the parent, instead of failing the run', async () => {
    const partial = buildScriptedRepo(join(dir, 'partial'));
    const { commits: c, repo } = partial;
    // The file clamp modified, as it was at clamp's parent: delete its loose object.
    const blob = repo.git(0, 'rev-parse', `${c.initial}:shop/pricing.py`).trim();
    rmSync(join(repo.root, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    const selection = await selectCommitTasks({ cwd: repo.root, head: c.round, repoName: 'shop', commits: 50, maxFiles: 10 });
    expect(selection.tasks.map((task) => task.commit)).toEqual([c.round, c.reserve]);
    expect(selection.skipped['missing-object']).toBe(1);
  });
});
