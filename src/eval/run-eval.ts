// The evaluation loop: for each task, make its tree ready, index it (incrementally),
// open one reader, run every evaluator on it, close the reader. A task whose tree is
// missing is skipped and listed; a task that fails is listed with its error; neither
// stops the run.

import { describeError } from '../core/errors.js';
import type { IndexProgress } from '../indexer/index-repository.js';
import type { CuratedReader } from '../store/curated.js';
import { aggregate, type Aggregates, type TaskResult } from './aggregate.js';
import type { EvalTask } from './dataset.js';
import type { TaskEvaluator, TaskScore, TaskTree } from './evaluator.js';

/** Where the loop gets each task's tree: dataset folders, or commits checked out in turn. */
export interface TaskWorkspace {
  /** The task's tree, ready to index; `{ skip }` with a reason when it cannot be had. */
  prepare(task: EvalTask): Promise<TaskTree | { skip: string }>;
  /** The task as it is to be evaluated, given its fresh index (e.g. gold functions filled in). */
  complete?(task: EvalTask, reader: CuratedReader): Promise<EvalTask> | EvalTask;
}

/** Index access, handed in by the composition root (src/app/) so this stays a service. */
export interface IndexPorts {
  /** Builds or refreshes the index of a tree. */
  index(tree: TaskTree, onProgress: (progress: IndexProgress) => void): Promise<void>;
  openReader(tree: TaskTree): CuratedReader;
}

export type EvalEvent =
  | { type: 'task'; position: number; total: number; id: string }
  | { type: 'index'; id: string; progress: IndexProgress }
  | { type: 'evaluate'; id: string };

export interface EvalRun extends Aggregates {
  evaluators: readonly TaskEvaluator[];
  results: TaskResult[];
  skipped: { id: string; reason: string }[];
  failed: { id: string; stage: 'prepare' | 'index' | 'evaluate'; message: string; error: unknown }[];
  /** The tasks as evaluated (with anything `complete` filled in), in order. */
  evaluatedTasks: EvalTask[];
  seconds: number;
}

export interface RunEvalOptions {
  tasks: readonly EvalTask[];
  workspace: TaskWorkspace;
  ports: IndexPorts;
  evaluators: readonly TaskEvaluator[];
  onEvent?: (event: EvalEvent) => void;
}

export async function runEvaluation(options: RunEvalOptions): Promise<EvalRun> {
  const started = performance.now();
  const run: EvalRun = {
    evaluators: options.evaluators,
    results: [],
    skipped: [],
    failed: [],
    evaluatedTasks: [],
    seconds: 0,
    summary: { tasks: 0, values: {}, n: {} },
    perCategory: {},
  };
  const emit = options.onEvent ?? (() => undefined);
  for (const [position, task] of options.tasks.entries()) {
    emit({ type: 'task', position: position + 1, total: options.tasks.length, id: task.id });
    await evaluateTask(task, position, options, run);
  }
  Object.assign(run, aggregate(run.results, options.evaluators));
  run.seconds = Math.round((performance.now() - started) / 10) / 100;
  return run;
}

async function evaluateTask(task: EvalTask, position: number, options: RunEvalOptions, run: EvalRun): Promise<void> {
  const emit = options.onEvent ?? (() => undefined);
  let stage: EvalRun['failed'][number]['stage'] = 'prepare';
  try {
    const tree = await options.workspace.prepare(task);
    if ('skip' in tree) {
      run.skipped.push({ id: task.id, reason: tree.skip });
      return;
    }
    stage = 'index';
    const indexStarted = performance.now();
    await options.ports.index(tree, (progress) => emit({ type: 'index', id: task.id, progress }));
    const indexMs = Math.round(performance.now() - indexStarted);
    stage = 'evaluate';
    emit({ type: 'evaluate', id: task.id });
    const reader = options.ports.openReader(tree);
    try {
      const complete = options.workspace.complete ? await options.workspace.complete(task, reader) : task;
      const scores = await scoreTask(complete, tree, reader, rotate(options.evaluators, position));
      run.evaluatedTasks.push(complete);
      run.results.push({
        id: complete.id,
        category: complete.category,
        gold_files: complete.gold_files,
        gold_functions: complete.gold_functions,
        index_ms: indexMs,
        scores,
      });
    } finally {
      reader.close();
    }
  } catch (error) {
    run.failed.push({ id: task.id, stage, message: describeError(error), error });
  }
}

async function scoreTask(
  task: EvalTask,
  tree: TaskTree,
  reader: CuratedReader,
  evaluators: readonly TaskEvaluator[],
): Promise<Record<string, TaskScore>> {
  const scores: Record<string, TaskScore> = {};
  for (const evaluator of evaluators) scores[evaluator.name] = await evaluator.evaluate(task, { reader, tree });
  return scores;
}

/** Evaluators in turns: the first one on a fresh reader pays for cold caches, so take turns. */
function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
