// `cairn eval` as one request: which evaluators it measures (a ranker against a baseline,
// the package's context recall beside chunk RAG, or only the match asked of another
// repository), where its tasks and trees come from (a dataset's trees, a dataset's commits
// on a git repository, or tasks built from a repository's history), the run, and its
// report. Index runs and each task's logs come in as `EvalHost`, wired by the composition
// root (app/eval.ts): the CLI only parses the flags, draws the progress and prints.

import { chooseTasks, datasetWorkspace } from './dataset-workspace.js';
import { readDataset, writeDataset, type EvalTask } from './dataset.js';
import type { TaskEvaluator } from './evaluator.js';
import { openDatasetOnGit, openFromGit } from './from-git/from-git.js';
import { jsonReport } from './json-report.js';
import { chunkRagEvaluators, MATCH_EVALUATOR, matchEvaluator, packageEvaluator, type PackageEvaluatorOptions } from './package/package-evaluator.js';
import { askOfWorkspace } from './ask-of-workspace.js';
import { rankerByName, rankerEvaluator } from './ranker-evaluator.js';
import { renderReport, type ReportLabels } from './report.js';
import type { SectionShares } from '../retrieval/budget/section-shares.js';
import { runEvaluation, type EvalEvent, type EvalRun, type IndexPorts, type TaskWorkspace } from './run-eval.js';

/** `--baseline none`: no second ranker. */
export const NO_BASELINE = 'none';

export interface EvalRequest {
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
  only?: string[];
  category?: string;
  packageBudgets: number[];
  package: boolean;
  packageRanker: string;
  packageHistory?: number;
  /** With `packageHistory`: the lines each commit changed in the main definitions too (default), or commit lines only (false). */
  packageHistoryDiffs?: boolean;
  /** Shares of the budget by section for every package measured (absent: one priority order). */
  packageSectionShares?: SectionShares;
  chunkRag: boolean;
  askOf?: string;
}

/** What the composition root hands the harness: index runs, and each task's raw log and sessions. */
export interface EvalHost {
  index: IndexPorts;
  openLogs: PackageEvaluatorOptions['openLogs'];
}

/** The run's events, and the history being read before tasks are built from it (`--from-git`). */
export type EvalProgress = EvalEvent | { type: 'history'; reading: boolean };

export interface EvalOutcome {
  run: EvalRun;
  labels: ReportLabels;
  /** What the JSON report names beside the figures (dataset, repository, tasks built from git). */
  extra: Record<string, unknown>;
  /** Lines the text report opens with (what `--from-git` built and wrote). */
  preface: string[];
}

export async function evaluateRequest(request: EvalRequest, host: EvalHost, onProgress: (event: EvalProgress) => void): Promise<EvalOutcome> {
  const { evaluators, labels } = request.askOf === undefined ? chooseEvaluators(request, host) : askOfEvaluators(request, host);
  const evaluate = (tasks: EvalTask[], workspace: TaskWorkspace): Promise<EvalRun> => runEvaluation({ tasks, workspace, ports: host.index, evaluators, onEvent: onProgress });
  const { run, extra, preface } = request.fromGit ? await evalFromGit(request, evaluate, onProgress) : await evalDataset(request, evaluate);
  return { run, labels, extra: { ...extra, ...packageSettings(request) }, preface };
}

/** How the packages were asked for, when not the defaults: a saved report says what it measured. */
function packageSettings(request: EvalRequest): Record<string, unknown> {
  if (!request.package || (request.packageHistory === undefined && request.packageSectionShares === undefined)) return {};
  return {
    packageSettings: {
      ...(request.packageHistory !== undefined ? { history: request.packageHistory, historyDiffs: request.packageHistoryDiffs ?? true } : {}),
      ...(request.packageSectionShares !== undefined ? { sectionShares: request.packageSectionShares } : {}),
    },
  };
}

/** The report for people: the preface, then the figures. */
export function evalText(outcome: EvalOutcome): string {
  return outcome.preface.map((line) => `${line}\n`).join('') + renderReport(outcome.run, outcome.labels);
}

/** The report for machines, with per-task ranks and metrics. */
export function evalJson(outcome: EvalOutcome): Record<string, unknown> {
  return jsonReport(outcome.run, outcome.labels, outcome.extra);
}

function chooseEvaluators(request: EvalRequest, host: EvalHost): { evaluators: TaskEvaluator[]; labels: ReportLabels } {
  const options = { ks: request.k, depth: request.depth };
  const evaluators = [rankerEvaluator(rankerByName(request.ranker), options)];
  const baseline = request.baseline === NO_BASELINE ? null : request.baseline;
  if (baseline !== null && baseline !== request.ranker) evaluators.push(rankerEvaluator(rankerByName(baseline), options));
  if (request.package) {
    evaluators.push(
      packageEvaluator({
        budgets: request.packageBudgets,
        openLogs: host.openLogs,
        ranker: rankerByName(request.packageRanker),
        history: request.packageHistory,
        historyDiffs: request.packageHistoryDiffs ?? true,
        ...(request.packageSectionShares ? { sectionShares: request.packageSectionShares } : {}),
      }),
    );
    if (request.chunkRag) evaluators.push(...chunkRagEvaluators(request.packageBudgets));
  }
  return { evaluators, labels: { ranker: request.ranker, baseline } };
}

/** Asked of another repository, a task has no gold there: only the match the package states is measured. */
function askOfEvaluators(request: EvalRequest, host: EvalHost): { evaluators: TaskEvaluator[]; labels: ReportLabels } {
  return { evaluators: [matchEvaluator({ budgets: request.packageBudgets, openLogs: host.openLogs })], labels: { ranker: MATCH_EVALUATOR, baseline: null } };
}

type Evaluate = (tasks: EvalTask[], workspace: TaskWorkspace) => Promise<EvalRun>;
type Measured = Omit<EvalOutcome, 'labels'>;

async function evalDataset(request: EvalRequest, evaluate: Evaluate): Promise<Measured> {
  const tasks = chooseTasks(readDataset(request.dataset!), { only: request.only, category: request.category, limit: request.limit });
  if (request.askOf !== undefined || request.repos) {
    const workspace = request.askOf === undefined ? datasetWorkspace(request.repos!, request.indexRoot) : askOfWorkspace(request.askOf, request.indexRoot);
    return { run: await evaluate(tasks, workspace), extra: { dataset: request.dataset, ...askedOf(request) }, preface: [] };
  }
  const session = await openDatasetOnGit({ repo: request.repo!, keepUnder: request.indexRoot });
  try {
    return { run: await evaluate(tasks, session.workspace), extra: { dataset: request.dataset, repo: session.user.top }, preface: [] };
  } finally {
    session.close();
  }
}

async function evalFromGit(request: EvalRequest, evaluate: Evaluate, onProgress: (event: EvalProgress) => void): Promise<Measured> {
  onProgress({ type: 'history', reading: true });
  const session = await openFromGit({ repo: request.repo ?? '.', commits: request.commits, maxFiles: request.maxFiles, keepUnder: request.indexRoot });
  try {
    onProgress({ type: 'history', reading: false });
    const tasks = chooseTasks(session.tasks, { only: request.only, category: request.category, limit: request.limit });
    const workspace = request.askOf === undefined ? session.workspace : askOfWorkspace(request.askOf, request.indexRoot);
    const run = await evaluate(tasks, workspace);
    if (request.writeDataset) writeDataset(request.writeDataset, mergeEvaluated(session.tasks, run.evaluatedTasks));
    const { selection } = session;
    const fromGit = {
      repo: session.user.top,
      head: session.user.head,
      commitsExamined: selection.examined,
      commitsSkipped: selection.skipped,
      tasksBuilt: selection.tasks.length,
    };
    const reasons = Object.entries(selection.skipped).map(([reason, n]) => `${n} ${reason}`).join(', ') || 'none';
    const preface = [`from git: ${session.user.top} at ${session.user.head.slice(0, 12)} — ${selection.tasks.length} tasks from ${selection.examined} commits (skipped: ${reasons})`];
    if (request.writeDataset) preface.push(`dataset written to ${request.writeDataset}`);
    return { run, extra: { fromGit, ...askedOf(request) }, preface };
  } finally {
    session.close();
  }
}

function askedOf(request: EvalRequest): Record<string, string> {
  return request.askOf === undefined ? {} : { askedOf: request.askOf };
}

/** The dataset to write: each task as evaluated (gold functions filled in) where it was. */
function mergeEvaluated(built: readonly EvalTask[], evaluated: readonly EvalTask[]): EvalTask[] {
  const byId = new Map(evaluated.map((task) => [task.id, task]));
  return built.map((task) => byId.get(task.id) ?? task);
}
