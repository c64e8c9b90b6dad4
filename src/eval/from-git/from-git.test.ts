import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTree } from '../../../test/support/tree-snapshot.js';
import { bm25Baseline } from '../../search/rank/bm25-baseline.js';
import type { TaskEvaluator } from '../evaluator.js';
import { rankerEvaluator } from '../ranker-evaluator.js';
import { runEvaluation } from '../run-eval.js';
import { realIndexPorts } from '../../../test/support/eval-ports.js';
import { openFromGit } from './from-git.js';
import { buildScriptedRepo, type ScriptedRepo } from './scripted-repo.fixture.js';

let dir: string;
let scripted: ScriptedRepo;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-from-git-'));
  scripted = buildScriptedRepo(join(dir, 'repo'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function showAt(commit: string, path: string): string {
  return execFileSync('git', ['show', `${commit}:${path}`], { cwd: scripted.repo.root, encoding: 'utf8' });
}

/** Checks, on every task, that what is indexed is the parent's tree and history, nothing later. */
const atParent: TaskEvaluator = {
  name: 'at-parent',
  metrics: [
    { name: 'tree', label: 'tree', aggregate: 'mean' },
    { name: 'head', label: 'head', aggregate: 'mean' },
    { name: 'history', label: 'history', aggregate: 'mean' },
  ],
  evaluate(task, { reader, tree }) {
    const sameTree = reader.filePaths().every((path) => readFileSync(join(tree.root, path), 'utf8') === showAt(task.base_commit, path));
    const listed = execFileSync('git', ['ls-tree', '-r', '--name-only', task.base_commit], { cwd: scripted.repo.root, encoding: 'utf8' });
    const sameFiles = JSON.stringify(reader.filePaths().sort()) === JSON.stringify(listed.trim().split('\n').sort());
    const commitsUpToParent = (path: string): number =>
      Number(execFileSync('git', ['rev-list', '--count', task.base_commit, '--', path], { cwd: scripted.repo.root, encoding: 'utf8' }));
    const history = task.gold_files.every((path) => reader.file(path)?.commitCount === commitsUpToParent(path));
    return {
      metrics: {
        tree: sameTree && sameFiles ? 1 : 0,
        head: reader.stats().gitHead === task.base_commit ? 1 : 0,
        history: history ? 1 : 0,
      },
    };
  },
};

describe('eval --from-git', () => {
  it('ranks each task at its parent, fills gold functions from the parent, and leaves the repository alone', async () => {
    const { commits: c } = scripted;
    const before = snapshotTree(scripted.repo.root);
    const session = await openFromGit({ repo: scripted.repo.root, commits: 50, maxFiles: 10 });
    try {
      expect(session.tasks.map((task) => task.commit)).toEqual([c.round, c.reserve, c.clamp]);
      expect(session.tasks.every((task) => !('ranges' in task))).toBe(true);
      // Each task carries the parent's lines its commit touched, per gold file.
      expect(session.tasks.map((task) => Object.keys(task.gold_lines ?? {}))).toEqual([['shop/pricing.py'], ['shop/inventory.py'], ['shop/pricing.py']]);
      expect(session.tasks.every((task) => Object.values(task.gold_lines ?? {}).every((lines) => lines.length > 0))).toBe(true);
      const run = await runEvaluation({
        tasks: session.tasks,
        workspace: session.workspace,
        ports: realIndexPorts(),
        evaluators: [rankerEvaluator(bm25Baseline, { ks: [1, 5], depth: 20 }), atParent],
      });
      expect(run.failed).toEqual([]);
      expect(run.evaluatedTasks.map((task) => task.gold_functions)).toEqual([
        ['shop/pricing.py:Cart.total'], // not round_cents: it was inserted between definitions
        ['shop/inventory.py:reserve'],
        ['shop/pricing.py:apply_discount'],
      ]);
      expect(run.summary.values['at-parent']).toEqual({ tree: 1, head: 1, history: 1 });
      expect(run.results.map((result) => Object.keys(result.scores['bm25-file']!.detail!['gold_file_ranks'] as object))).toEqual([
        ['shop/pricing.py'],
        ['shop/inventory.py'],
        ['shop/pricing.py'],
      ]);
    } finally {
      session.close();
    }
    expect(existsSync(session.workDir)).toBe(false);
    expect(snapshotTree(scripted.repo.root)).toEqual(before);
  });

  it('keeps its work copy under the index root when asked, and reuses it on the next run', async () => {
    const keep = join(dir, 'kept');
    const first = await openFromGit({ repo: scripted.repo.root, commits: 1, maxFiles: 10, keepUnder: keep });
    const ports = realIndexPorts();
    const evaluators = [rankerEvaluator(bm25Baseline, { ks: [1], depth: 5 })];
    await runEvaluation({ tasks: first.tasks, workspace: first.workspace, ports, evaluators });
    first.close();
    expect(readdirSync(keep)).toEqual([first.workDir.slice(keep.length + 1)]);
    expect(existsSync(join(first.workDir, 'index', 'index.db'))).toBe(true);
    const second = await openFromGit({ repo: join(scripted.repo.root, 'shop'), commits: 1, maxFiles: 10, keepUnder: keep });
    expect(second.workDir).toBe(first.workDir); // the repository's top folder, whatever subfolder was named
    second.close();
  });

  it('says clearly when the folder is not a git repository', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'cairn-plain-'));
    try {
      await expect(openFromGit({ repo: plain, commits: 5, maxFiles: 10 })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
