// Compares package settings (src/retrieval/tuning.ts) by context recall, every variant on the
// same tasks in one pass (each task's tree indexed once), beside the chunk-RAG baselines (code-only and all files). Tune
// on tasks built from git histories, never on the dev set (bench/README.md). Run by hand:
//
//   npm run bench:build
//   node dist-bench/bench/tune-package.js <variants.json> --from-git <repo> [--commits 60] [--keep-under DIR]
//   node dist-bench/bench/tune-package.js <variants.json> --dataset <tasks.jsonl> --repos <dir> [--index-root DIR]
//   node dist-bench/bench/tune-package.js <variants.json> --dataset <tasks.jsonl> --repo <git repo> [--index-root DIR]
//
// variants.json: { "name": { overrides of DEFAULT_TUNING }, ... }, e.g.
//   { "default": {}, "file-heavy": { "precision": { "units": { "file": 0.9 } } } }
// Prints one line per variant: gold function shown, changed lines shown, line share and
// precision at 4k/8k/16k; --json FILE also writes the whole evaluation.

import { readFileSync, writeFileSync } from 'node:fs';
import { drainIndex, openRawLog, openReader, openSessions, runIndex } from '../src/app/stores.js';
import { openRepo } from '../src/app/repo.js';
import { chooseTasks, datasetWorkspace } from '../src/eval/dataset-workspace.js';
import { readDataset } from '../src/eval/dataset.js';
import type { TaskEvaluator, TaskTree } from '../src/eval/evaluator.js';
import { openDatasetOnGit, openFromGit } from '../src/eval/from-git/from-git.js';
import { budgetLabel, chunkRagEvaluators, packageEvaluator } from '../src/eval/package/package-evaluator.js';
import { runEvaluation, type IndexPorts, type TaskWorkspace } from '../src/eval/run-eval.js';
import { withTuning, type TuningOverrides } from '../src/retrieval/tuning.js';

const BUDGETS = [4000, 8000, 16000];

function flag(name: string, fallback?: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const variantsFile = process.argv[2];
if (!variantsFile || (!flag('--from-git') && !flag('--dataset'))) {
  console.error('usage: tune-package.js <variants.json> (--from-git <repo> [--commits N] [--keep-under DIR] | --dataset <file> (--repos <dir> | --repo <git repo>) [--index-root DIR]) [--only ids] [--json FILE]');
  process.exit(2);
}
const variants = JSON.parse(readFileSync(variantsFile, 'utf8')) as Record<string, TuningOverrides>;

function openLogs(tree: TaskTree) {
  const rawLog = openRawLog(tree);
  const sessions = openSessions(tree);
  return { rawLog, sessions, close: () => (sessions.close(), rawLog.close()) };
}

const evaluators: TaskEvaluator[] = Object.entries(variants).map(([name, overrides]) =>
  packageEvaluator({ name, budgets: BUDGETS, openLogs, tuning: withTuning(overrides) }),
);
evaluators.push(...chunkRagEvaluators(BUDGETS));

const ports: IndexPorts = {
  async index(tree, onProgress) {
    await drainIndex(runIndex(await openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} })), onProgress);
  },
  openReader: (tree) => openReader(tree),
};

let workspace: TaskWorkspace;
let tasks;
let close = (): void => undefined;
const only = flag('--only')?.split(',');
if (flag('--from-git')) {
  const session = await openFromGit({ repo: flag('--from-git')!, commits: Number(flag('--commits', '60')), maxFiles: 10, keepUnder: flag('--keep-under') });
  workspace = session.workspace;
  tasks = chooseTasks(session.tasks, { only });
  close = () => session.close();
} else if (flag('--repo')) {
  // A dataset written from a repository's history (`cairn eval --write-dataset`): each task's
  // commit checked out in cairn's work copy, as `cairn eval --dataset F --repo R` does.
  const session = await openDatasetOnGit({ repo: flag('--repo')!, keepUnder: flag('--index-root') });
  workspace = session.workspace;
  tasks = chooseTasks(readDataset(flag('--dataset')!), { only });
  close = () => session.close();
} else {
  workspace = datasetWorkspace(flag('--repos')!, flag('--index-root'));
  tasks = chooseTasks(readDataset(flag('--dataset')!), { only });
}
try {
  const run = await runEvaluation({ tasks, workspace, ports, evaluators });
  const metric = (values: Record<string, number | null> | undefined, name: string) =>
    BUDGETS.map((budget) => {
      const value = values?.[`ctx.${name}@${budgetLabel(budget)}`];
      return value === null || value === undefined ? '  —  ' : (100 * value).toFixed(1).padStart(5);
    }).join(' ');
  console.log(`${run.results.length} tasks, ${run.failed.length} failed, ${run.seconds}s`);
  console.log(`${'variant'.padEnd(24)} ${'fn shown 4k/8k/16k'.padEnd(18)} | ${'lines shown'.padEnd(17)} | ${'line share'.padEnd(17)} | precision`);
  for (const evaluator of evaluators) {
    const values = run.summary.values[evaluator.name];
    console.log(`${evaluator.name.padEnd(24)} ${metric(values, 'fn')} | ${metric(values, 'lines')} | ${metric(values, 'lineShare')} | ${metric(values, 'precision')}`);
  }
  for (const failure of run.failed) console.log(`failed ${failure.id} (${failure.stage}): ${failure.message}`);
  const out = flag('--json');
  if (out) writeFileSync(out, JSON.stringify({ summary: run.summary, results: run.results }, null, 1));
} finally {
  close();
}
