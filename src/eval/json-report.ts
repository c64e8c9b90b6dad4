// An evaluation run as JSON: the summary and per-category figures, and for every task its
// gold, each evaluator's metrics and detail (ranked files, the rank of each gold file), so
// a regression can be traced to the task that caused it.

import type { EvalRun } from './run-eval.js';
import type { ReportLabels } from './report.js';

export function jsonReport(run: EvalRun, labels: ReportLabels, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ranker: labels.ranker,
    baseline: labels.baseline,
    ...extra,
    seconds: run.seconds,
    summary: {
      ...run.summary,
      skipped: run.skipped.length,
      failed: run.failed.length,
      indexSeconds: Math.round(run.results.reduce((sum, result) => sum + result.index_ms, 0) / 100) / 10,
    },
    perCategory: run.perCategory,
    metrics: Object.fromEntries(run.evaluators.map((evaluator) => [evaluator.name, evaluator.metrics])),
    tasks: run.results.map((result) => ({
      id: result.id,
      category: result.category,
      gold_files: result.gold_files,
      gold_functions: result.gold_functions,
      index_ms: result.index_ms,
      results: Object.fromEntries(
        run.evaluators.map((evaluator) => {
          const score = result.scores[evaluator.name];
          return [evaluator.name, { metrics: score?.metrics ?? {}, ...(score?.detail ?? {}) }];
        }),
      ),
    })),
    skipped: run.skipped,
    failed: run.failed.map(({ id, stage, message }) => ({ id, stage, message })),
  };
}
