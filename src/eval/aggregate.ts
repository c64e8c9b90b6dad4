// Per-task scores → one figure per evaluator and metric, overall and per category. A
// metric a task left out (e.g. function Acc for a task without gold functions) does not
// count for that metric's mean; `n` says how many tasks did.

import type { MetricSpec, TaskEvaluator, TaskScore } from './evaluator.js';
import { percentile } from './metrics.js';

export interface TaskResult {
  id: string;
  category: string;
  gold_files: string[];
  gold_functions: string[];
  /** Time spent building or refreshing the task's index. */
  index_ms: number;
  /** Scores by evaluator name. */
  scores: Record<string, TaskScore>;
}

export interface GroupSummary {
  tasks: number;
  /** values[evaluator][column]: a mean, or for percentile metrics "<name>.p50" / "<name>.p95". */
  values: Record<string, Record<string, number | null>>;
  /** n[evaluator][metric]: how many tasks reported the metric. */
  n: Record<string, Record<string, number>>;
}

export interface Aggregates {
  summary: GroupSummary;
  perCategory: Record<string, GroupSummary>;
}

/** Summary columns of a metric: itself, or its p50 and p95. */
export function summaryColumns(spec: MetricSpec): { key: string; label: string }[] {
  if (spec.aggregate === 'mean') return [{ key: spec.name, label: spec.label }];
  return [
    { key: `${spec.name}.p50`, label: `${spec.label} p50` },
    { key: `${spec.name}.p95`, label: `${spec.label} p95` },
  ];
}

export function aggregate(results: readonly TaskResult[], evaluators: readonly TaskEvaluator[]): Aggregates {
  const categories = [...new Set(results.map((result) => result.category))].sort();
  const perCategory: Record<string, GroupSummary> = {};
  for (const category of categories) {
    perCategory[category] = summarize(results.filter((result) => result.category === category), evaluators);
  }
  return { summary: summarize(results, evaluators), perCategory };
}

function summarize(results: readonly TaskResult[], evaluators: readonly TaskEvaluator[]): GroupSummary {
  const summary: GroupSummary = { tasks: results.length, values: {}, n: {} };
  for (const evaluator of evaluators) {
    const values: Record<string, number | null> = {};
    const counts: Record<string, number> = {};
    for (const spec of evaluator.metrics) {
      const samples = results
        .map((result) => result.scores[evaluator.name]?.metrics[spec.name])
        .filter((value): value is number => value !== undefined && Number.isFinite(value));
      counts[spec.name] = samples.length;
      if (spec.aggregate === 'mean') values[spec.name] = samples.length ? round(mean(samples)) : null;
      else {
        values[`${spec.name}.p50`] = samples.length ? round(percentile(samples, 50)) : null;
        values[`${spec.name}.p95`] = samples.length ? round(percentile(samples, 95)) : null;
      }
    }
    summary.values[evaluator.name] = values;
    summary.n[evaluator.name] = counts;
  }
  return summary;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
