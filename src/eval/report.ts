// An evaluation run as text: the ranker against the baseline (and their ratio) per
// metric, then per-category rows for every evaluator, then what was skipped or failed.
// Evaluators with their own metrics (not rankers) get their own columns.

import { printable } from '../core/printable.js';
import { summaryColumns, type GroupSummary } from './aggregate.js';
import type { MetricSpec, TaskEvaluator } from './evaluator.js';
import type { EvalRun } from './run-eval.js';

export interface ReportLabels {
  /** The evaluator under test and the one it is compared with (null: no comparison). */
  ranker: string;
  baseline: string | null;
}

export function renderReport(run: EvalRun, labels: ReportLabels): string {
  const lines = [headline(run, labels), ''];
  const ranker = run.evaluators.find((evaluator) => evaluator.name === labels.ranker);
  const baseline = run.evaluators.find((evaluator) => evaluator.name === labels.baseline) ?? null;
  if (ranker && run.results.length > 0) lines.push(...comparison(run.summary, ranker, baseline), '');
  for (const group of groupByMetrics(run.evaluators)) {
    if (run.results.length > 0) lines.push(...categoryRows(run, group), '');
  }
  lines.push(...problems(run));
  return `${lines.join('\n').trimEnd()}\n`;
}

function headline(run: EvalRun, labels: ReportLabels): string {
  const against = labels.baseline && labels.baseline !== labels.ranker ? ` vs ${labels.baseline}` : '';
  const counts = [`${run.results.length} tasks evaluated`];
  if (run.skipped.length) counts.push(`${run.skipped.length} skipped`);
  if (run.failed.length) counts.push(`${run.failed.length} failed`);
  const indexing = run.results.reduce((sum, result) => sum + result.index_ms, 0) / 1000;
  return [
    `cairn eval: ${labels.ranker}${against} — ${counts.join(', ')} in ${run.seconds}s (indexing ${indexing.toFixed(1)}s)`,
    'Acc@k: a task counts when the top k hold min(|gold|, k) gold items',
  ].join('\n');
}

function comparison(summary: GroupSummary, ranker: TaskEvaluator, baseline: TaskEvaluator | null): string[] {
  const compare = baseline !== null && baseline.name !== ranker.name;
  const header = compare ? ['metric', ranker.name, baseline.name, 'ratio'] : ['metric', ranker.name];
  const rows = ranker.metrics.flatMap((spec) =>
    summaryColumns(spec).map((column) => {
      const mine = summary.values[ranker.name]?.[column.key] ?? null;
      if (!compare) return [column.label, format(mine, spec)];
      const theirs = summary.values[baseline.name]?.[column.key] ?? null;
      return [column.label, format(mine, spec), format(theirs, spec), ratio(mine, theirs)];
    }),
  );
  return table([header, ...rows]);
}

function categoryRows(run: EvalRun, evaluators: TaskEvaluator[]): string[] {
  const specs = evaluators[0]!.metrics.filter((spec) => spec.aggregate === 'mean' && spec.perCategory !== false);
  const header = ['category', 'n', isRanker(evaluators[0]!) ? 'ranker' : 'evaluator', ...specs.map((spec) => spec.label)];
  const groups: [string, GroupSummary][] = [['all', run.summary], ...Object.entries(run.perCategory)];
  const rows = groups.flatMap(([category, summary]) =>
    evaluators.map((evaluator, index) => [
      index === 0 ? category : '',
      index === 0 ? String(summary.tasks) : '',
      evaluator.name,
      ...specs.map((spec) => format(summary.values[evaluator.name]?.[spec.name] ?? null, spec)),
    ]),
  );
  return table([header, ...rows], new Set([0, 2]));
}

function isRanker(evaluator: TaskEvaluator): boolean {
  return evaluator.metrics.some((spec) => spec.name === 'file.mrr');
}

/** Evaluators reporting the same metrics share one table. */
function groupByMetrics(evaluators: readonly TaskEvaluator[]): TaskEvaluator[][] {
  const groups = new Map<string, TaskEvaluator[]>();
  for (const evaluator of evaluators) {
    const signature = evaluator.metrics.map((spec) => spec.name).join('|');
    groups.set(signature, [...(groups.get(signature) ?? []), evaluator]);
  }
  return [...groups.values()];
}

function problems(run: EvalRun): string[] {
  const lines: string[] = [];
  if (run.skipped.length) {
    lines.push(`skipped ${run.skipped.length}:`, ...run.skipped.map((skip) => `  ${printable(skip.id)}: ${printable(skip.reason)}`));
  }
  if (run.failed.length) {
    lines.push(`failed ${run.failed.length}:`, ...run.failed.map((fail) => `  ${printable(fail.id)} (${fail.stage}): ${printable(fail.message)}`));
  }
  return lines;
}

function format(value: number | null, spec: MetricSpec): string {
  if (value === null) return '—';
  return spec.aggregate === 'percentiles' ? value.toFixed(1) : value.toFixed(3);
}

function ratio(mine: number | null, theirs: number | null): string {
  if (mine === null || theirs === null || theirs === 0) return '—';
  return `${(mine / theirs).toFixed(2)}×`;
}

/** Pads cells to column width: left-aligned in the given columns, right-aligned elsewhere. */
function table(rows: string[][], leftColumns: ReadonlySet<number> = new Set([0])): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (leftColumns.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
}
