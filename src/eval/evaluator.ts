// What the evaluation loop runs on each task: evaluators. A ranker is one (file and
// function localization); others — e.g. gold-file coverage of a context package at a
// token budget — plug in the same way and show up as extra columns.

import type { CuratedReader } from '../store/curated.js';
import type { EvalTask } from './dataset.js';

/** How a metric's per-task values become one figure: their mean, or p50 and p95 (latencies). */
export type Aggregation = 'mean' | 'percentiles';

export interface MetricSpec {
  /** Stable name, used as a JSON key: "file.acc@5", "latency.ms". */
  name: string;
  /** Short column label: "Acc@5", "latency ms". */
  label: string;
  aggregate: Aggregation;
  /** Shown in the per-category rows too (default true; means only). */
  perCategory?: boolean;
}

/** Where a task's tree is and where its index lives. */
export interface TaskTree {
  root: string;
  indexDir: string;
}

export interface TaskContext {
  /** The task's index, already built and refreshed; open for the whole task. */
  reader: CuratedReader;
  tree: TaskTree;
}

export interface TaskScore {
  /** Values by MetricSpec name; a metric that does not apply to the task is left out. */
  metrics: Record<string, number>;
  /** Whatever lets a regression be traced to its cause (ranked lists, gold ranks…). */
  detail?: Record<string, unknown>;
}

export interface TaskEvaluator {
  readonly name: string;
  /** The metrics this evaluator reports, in display order. */
  readonly metrics: readonly MetricSpec[];
  evaluate(task: EvalTask, context: TaskContext): TaskScore | Promise<TaskScore>;
}
