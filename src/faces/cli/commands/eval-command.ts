// `cairn eval`: ranking quality on a localization dataset (`--dataset`), or on tasks built
// from a repository's own history (`--from-git`), against a baseline ranker in the same run.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { drainIndex, openRawLog, openReader, openSessions, runIndex } from '../../../app/stores.js';
import { openRepo } from '../../../app/repo.js';
import { isCairnError, UsageError } from '../../../core/errors.js';
import { chooseTasks, datasetWorkspace } from '../../../eval/dataset-workspace.js';
import { checkOutputFile } from '../../../config/option-file.js';
import { readDataset, writeDataset, type EvalTask } from '../../../eval/dataset.js';
import type { TaskEvaluator, TaskTree } from '../../../eval/evaluator.js';
import { openDatasetOnGit, openFromGit } from '../../../eval/from-git/from-git.js';
import { jsonReport } from '../../../eval/json-report.js';
import { chunkRagEvaluators, MATCH_EVALUATOR, matchEvaluator, packageEvaluator } from '../../../eval/package/package-evaluator.js';
import { askOfWorkspace } from '../../../eval/ask-of-workspace.js';
import { RANKER_NAMES, rankerByName, rankerEvaluator } from '../../../eval/ranker-evaluator.js';
import { renderReport, type ReportLabels } from '../../../eval/report.js';
import { runEvaluation, type EvalEvent, type EvalRun, type IndexPorts, type TaskWorkspace } from '../../../eval/run-eval.js';
import type { RawLog } from '../../../store/raw-log.js';
import type { SessionStore } from '../../../store/session.js';
import { collect, MAX_COUNT, positiveInt, printJson } from '../common-options.js';
import type { Io } from '../io.js';

interface EvalFlags {
  dataset?: string;
  repos?: string;
  fromGit?: boolean;
  repo?: string;
  commits: number;
  maxFiles: number;
  writeDataset?: string;
  k: number[];
  limit?: number;
  depth: number;
  ranker: string;
  baseline: string;
  indexRoot?: string;
  json?: boolean;
  only?: string[];
  category?: string;
  packageBudgets: number[];
  package: boolean;
  packageRanker: string;
  packageHistory?: number;
  chunkRag: boolean;
  askOf?: string;
}

const NO_BASELINE = 'none';

export function registerEvalCommand(program: Command, io: Io): void {
  program
    .command('eval')
    .description('measure ranking (file Acc@k, Recall@k, MRR, function Acc@k, latency) and the context recall of the package at 4k/8k/16k tokens, against baselines run alongside (plain BM25; chunk RAG over source files only, and over every indexed file)')
    .option('--dataset <file>', 'localization tasks, one JSON object per line')
    .option('--repos <dir>', 'folder holding each task\'s tree as <dir>/<id>/ (with --dataset)')
    .option('--repo <path>', 'with --from-git: the repository whose history is read; with --dataset: the repository the tasks came from, each task\'s commit checked out in cairn\'s work copy (never modified)')
    .option('--from-git', 'build tasks from the commits of a repository (--repo) and evaluate on them')
    .option('--commits <n>', 'with --from-git: how many tasks to build, newest first', positiveInt('--commits'), 50)
    .option('--max-files <n>', 'with --from-git: skip commits touching more files than this', positiveInt('--max-files'), 10)
    .option('--write-dataset <file>', 'with --from-git: also write the built tasks as a dataset')
    .addOption(new Option('--k <list>', 'cut-offs for file Acc@k and Recall@k').argParser(cutoffs(MAX_COUNT)).default([1, 3, 5, 10], '1,3,5,10'))
    .option('--limit <n>', 'evaluate only the first n tasks', positiveInt('--limit'))
    .option('--depth <n>', 'how many files and functions to rank per task (MRR looks this deep)', positiveInt('--depth'), 100)
    .option('--ranker <name>', `ranker to evaluate (${RANKER_NAMES.join(', ')})`, RANKER_NAMES[0])
    .option('--baseline <name>', `ranker to compare with, or "${NO_BASELINE}"`, 'bm25-file')
    .option('--index-root <dir>', 'keep each task\'s index at <dir>/<id> (--from-git: its work copy) instead of in the tree')
    .option('--only <ids>', 'only these task ids (comma-separated, repeatable)', collect)
    .option('--category <name>', 'only tasks of this category')
    .addOption(
      new Option('--package-budgets <list>', 'token budgets at which to measure context recall of the package and of the chunk-RAG baselines')
        .argParser(cutoffs(MAX_PACKAGE_BUDGET))
        .default([4000, 8000, 16000], '4000,8000,16000'),
    )
    .option('--package-ranker <name>', `ranker the package's retrieval seeds from (${RANKER_NAMES.join(', ')}), to compare settings`, RANKER_NAMES[0])
    .option('--package-history <n>', 'measure packages with a historical section of n commits per main file (it takes budget from the code)', positiveInt('--package-history'))
    .option('--no-chunk-rag', 'skip the chunk-RAG baselines (code-only and all files) of the context-recall measurement (they do not depend on the ranker)')
    .option('--no-package', 'skip the context-recall measurement (ranking only)')
    .option('--ask-of <repo>', 'ask the tasks (--dataset or --from-git) of another repository, as it is, and report how often the package says the match is weak or none')
    .option('--json', 'print JSON with per-task ranks and metrics')
    .action(async (flags: EvalFlags) => {
      checkModes(flags);
      const { evaluators, labels } = flags.askOf === undefined ? chooseEvaluators(flags) : askOfEvaluators(flags);
      if (flags.fromGit) await evalFromGit(flags, io, evaluators, labels);
      else await evalDataset(flags, io, evaluators, labels);
    });
}

function checkModes(flags: EvalFlags): void {
  if (Boolean(flags.dataset) === Boolean(flags.fromGit)) {
    throw new UsageError('pass either --dataset FILE (--repos DIR | --repo PATH), or --from-git [--repo PATH]');
  }
  if (flags.dataset && flags.askOf === undefined && Boolean(flags.repos) === Boolean(flags.repo)) {
    throw new UsageError('--dataset needs either --repos DIR, the folder of task trees, or --repo PATH, the git repository the tasks came from');
  }
  if (flags.askOf !== undefined && !flags.package) throw new UsageError('--ask-of measures what the package says of its match: drop --no-package');
  if (flags.fromGit && flags.repos) throw new UsageError('--repos goes with --dataset; --from-git reads --repo PATH');
  if (!flags.fromGit && flags.writeDataset) throw new UsageError('--write-dataset goes with --from-git');
  // Checked before the run, not after it: a pipe would block the write, a folder fail it.
  if (flags.writeDataset) checkOutputFile({ what: '--write-dataset file', path: flags.writeDataset, hint: 'name a new or regular file in an existing folder' });
}

function chooseEvaluators(flags: EvalFlags): { evaluators: TaskEvaluator[]; labels: ReportLabels } {
  const options = { ks: flags.k, depth: flags.depth };
  const evaluators = [rankerEvaluator(rankerByName(flags.ranker), options)];
  const baseline = flags.baseline === NO_BASELINE ? null : flags.baseline;
  if (baseline !== null && baseline !== flags.ranker) evaluators.push(rankerEvaluator(rankerByName(baseline), options));
  if (flags.package) {
    evaluators.push(packageEvaluator({ budgets: flags.packageBudgets, openLogs: openTaskLogs, ranker: rankerByName(flags.packageRanker), history: flags.packageHistory }));
    if (flags.chunkRag) evaluators.push(...chunkRagEvaluators(flags.packageBudgets));
  }
  return { evaluators, labels: { ranker: flags.ranker, baseline } };
}

/** Asked of another repository, a task has no gold there: only the match the package states is measured. */
function askOfEvaluators(flags: EvalFlags): { evaluators: TaskEvaluator[]; labels: ReportLabels } {
  return { evaluators: [matchEvaluator({ budgets: flags.packageBudgets, openLogs: openTaskLogs })], labels: { ranker: MATCH_EVALUATOR, baseline: null } };
}

/** Each task's raw log and sessions live beside its index, like any cairn run's. */
function openTaskLogs(tree: TaskTree): { rawLog: RawLog; sessions: SessionStore; close(): void } {
  const rawLog = openRawLog(tree);
  const sessions = openSessions(tree);
  return { rawLog, sessions, close: () => (sessions.close(), rawLog.close()) };
}

async function evalDataset(flags: EvalFlags, io: Io, evaluators: TaskEvaluator[], labels: ReportLabels): Promise<void> {
  const tasks = chooseTasks(readDataset(flags.dataset!), { only: flags.only, category: flags.category, limit: flags.limit });
  if (flags.askOf !== undefined || flags.repos) {
    const workspace = flags.askOf === undefined ? datasetWorkspace(flags.repos!, flags.indexRoot) : askOfWorkspace(flags.askOf, flags.indexRoot);
    const run = await evaluate(io, tasks, workspace, evaluators);
    finish(io, run, labels, flags, { dataset: flags.dataset, ...askedOf(flags) });
    return;
  }
  const session = await openDatasetOnGit({ repo: flags.repo!, keepUnder: flags.indexRoot });
  try {
    const run = await evaluate(io, tasks, session.workspace, evaluators);
    finish(io, run, labels, flags, { dataset: flags.dataset, repo: session.user.top });
  } finally {
    session.close();
  }
}

async function evalFromGit(flags: EvalFlags, io: Io, evaluators: TaskEvaluator[], labels: ReportLabels): Promise<void> {
  const progress = progressLine(io);
  progress.say('cairn eval: reading history…');
  const session = await openFromGit({ repo: flags.repo ?? '.', commits: flags.commits, maxFiles: flags.maxFiles, keepUnder: flags.indexRoot });
  try {
    progress.clear();
    const tasks = chooseTasks(session.tasks, { only: flags.only, category: flags.category, limit: flags.limit });
    const workspace = flags.askOf === undefined ? session.workspace : askOfWorkspace(flags.askOf, flags.indexRoot);
    const run = await evaluate(io, tasks, workspace, evaluators);
    if (flags.writeDataset) writeDataset(flags.writeDataset, mergeEvaluated(session.tasks, run.evaluatedTasks));
    const { selection } = session;
    const fromGit = {
      repo: session.user.top,
      head: session.user.head,
      commitsExamined: selection.examined,
      commitsSkipped: selection.skipped,
      tasksBuilt: selection.tasks.length,
    };
    if (!flags.json) {
      const reasons = Object.entries(selection.skipped).map(([reason, n]) => `${n} ${reason}`).join(', ') || 'none';
      io.out(`from git: ${session.user.top} at ${session.user.head.slice(0, 12)} — ${selection.tasks.length} tasks from ${selection.examined} commits (skipped: ${reasons})\n`);
      if (flags.writeDataset) io.out(`dataset written to ${flags.writeDataset}\n`);
    }
    finish(io, run, labels, flags, { fromGit, ...askedOf(flags) });
  } finally {
    session.close();
  }
}

function askedOf(flags: EvalFlags): Record<string, string> {
  return flags.askOf === undefined ? {} : { askedOf: flags.askOf };
}

/** The dataset to write: each task as evaluated (gold functions filled in) where it was. */
function mergeEvaluated(built: readonly EvalTask[], evaluated: readonly EvalTask[]): EvalTask[] {
  const byId = new Map(evaluated.map((task) => [task.id, task]));
  return built.map((task) => byId.get(task.id) ?? task);
}

async function evaluate(io: Io, tasks: EvalTask[], workspace: TaskWorkspace, evaluators: TaskEvaluator[]): Promise<EvalRun> {
  const progress = progressLine(io);
  try {
    return await runEvaluation({ tasks, workspace, ports: appIndexPorts(), evaluators, onEvent: (event) => progress.event(event) });
  } finally {
    progress.clear();
  }
}

function finish(io: Io, run: EvalRun, labels: ReportLabels, flags: EvalFlags, extra: Record<string, unknown>): void {
  if (flags.json) printJson(io, jsonReport(run, labels, extra));
  else io.out(renderReport(run, labels));
  if (io.debug) for (const fail of run.failed) io.err(`${fail.id}: ${fail.error instanceof Error ? fail.error.stack : String(fail.error)}\n`);
  if (run.failed.length > 0) io.setExitCode(1);
}

/** Waits this long, in steps, for another process writing a shared index (`--index-root`). */
const BUSY_WAIT_MS = 10 * 60_000;
const BUSY_STEP_MS = 2_000;

/**
 * The application's index: each tree indexed incrementally; CAIRN_INDEX_DIR is not consulted.
 * An index another process is writing is waited for rather than counted as a failed task.
 */
function appIndexPorts(): IndexPorts {
  const contextOf = (tree: TaskTree) => openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} });
  return {
    async index(tree, onProgress) {
      const context = await contextOf(tree);
      for (let waited = 0; ; waited += BUSY_STEP_MS) {
        try {
          await drainIndex(runIndex(context), onProgress);
          return;
        } catch (error) {
          if (!(isCairnError(error) && error.code === 'INDEX_BUSY') || waited >= BUSY_WAIT_MS) throw error;
          await new Promise((resolve) => setTimeout(resolve, BUSY_STEP_MS));
        }
      }
    },
    openReader: (tree) => openReader(tree),
  };
}

/** Token budgets beyond any model's context window are refused, not measured. */
const MAX_PACKAGE_BUDGET = 10_000_000;

/** A comma-separated list of whole numbers from 1 to `max` (digits only: no 1e308). */
function cutoffs(max: number): (value: string) => number[] {
  return (value) => {
    const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
    const ks = parts.map((part) => (/^[0-9]+$/.test(part) ? Number(part) : Number.NaN));
    if (ks.length === 0 || ks.some((k) => !Number.isSafeInteger(k) || k <= 0 || k > max)) {
      throw new InvalidArgumentError(`expected whole numbers from 1 to ${max} separated by commas, got "${value}".`);
    }
    return [...new Set(ks)].sort((a, b) => a - b);
  };
}

/** One redrawn line on stderr while a terminal watches; nothing otherwise. */
function progressLine(io: Io): { say(text: string): void; event(event: EvalEvent): void; clear(): void } {
  let drawn = false;
  let last = 0;
  let task = '';
  const say = (text: string): void => {
    if (!io.interactive) return;
    io.err(`\r\x1b[2K${text}`);
    drawn = true;
  };
  return {
    say,
    event(event) {
      if (event.type === 'task') task = `cairn eval: [${event.position}/${event.total}] ${event.id}`;
      const now = Date.now();
      if (event.type === 'index' && now - last < 200) return;
      last = now;
      if (event.type === 'task') say(`${task} · preparing`);
      else if (event.type === 'evaluate') say(`${task} · ranking`);
      else if (event.progress.phase === 'extract') say(`${task} · indexing ${event.progress.done}/${event.progress.total} files`);
      else say(`${task} · indexing (${event.progress.phase === 'link' ? event.progress.step : 'scan'})`);
    },
    clear() {
      if (drawn) io.err('\r\x1b[2K');
      drawn = false;
    },
  };
}
