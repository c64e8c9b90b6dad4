// A ranker as an evaluator: file Acc@k / Recall@k / MRR, function Acc@5 / Acc@10, and the
// time the ranking took (in-process, index already built).

import type { Ranker } from '../search/rank/types.js';
import type { EvalTask } from './dataset.js';
import type { MetricSpec, TaskContext, TaskEvaluator, TaskScore } from './evaluator.js';
import {
  accuracyAtK,
  goldFunctionKey,
  goldRanks,
  reciprocalRank,
  recallAtK,
  withoutOverloadSuffix,
} from './metrics.js';

/** The rankers `cairn eval --ranker` and `--baseline` can name. */
export { RANKER_NAMES, rankerByName } from '../search/rank/registry.js';

export const FUNCTION_KS = [5, 10] as const;
/** How many ranked files and functions a task's JSON detail shows. */
const DETAIL_TOP = 10;

export interface RankerEvaluatorOptions {
  /** Cut-offs for file Acc@k and Recall@k. */
  ks: readonly number[];
  /** How many files and symbols to ask the ranker for (MRR looks this deep). */
  depth: number;
}

export function rankerMetrics(ks: readonly number[]): MetricSpec[] {
  return [
    ...ks.map((k) => ({ name: `file.acc@${k}`, label: `Acc@${k}`, aggregate: 'mean' as const })),
    ...ks.map((k) => ({ name: `file.recall@${k}`, label: `Recall@${k}`, aggregate: 'mean' as const, perCategory: false })),
    { name: 'file.mrr', label: 'MRR', aggregate: 'mean' },
    ...FUNCTION_KS.map((k) => ({ name: `function.acc@${k}`, label: `fn Acc@${k}`, aggregate: 'mean' as const })),
    { name: 'latency.ms', label: 'rank ms', aggregate: 'percentiles' },
  ];
}

export function rankerEvaluator(ranker: Ranker, options: RankerEvaluatorOptions): TaskEvaluator {
  const depth = Math.max(options.depth, ...options.ks, ...FUNCTION_KS);
  return {
    name: ranker.name,
    metrics: rankerMetrics(options.ks),
    async evaluate(task: EvalTask, context: TaskContext): Promise<TaskScore> {
      const started = performance.now();
      const result = await ranker.rank(context.reader, { query: task.query, limit: depth });
      const latency = performance.now() - started;
      const files = result.files.map((file) => file.path);
      const functions = result.symbols.map((symbol) => withoutOverloadSuffix(symbol.key));
      return score(task, files, functions, latency, options.ks);
    },
  };
}

/** Scores one task's ranked lists (exported for tests of the definitions). */
export function score(
  task: EvalTask,
  files: readonly string[],
  functions: readonly string[],
  latencyMs: number,
  ks: readonly number[],
): TaskScore {
  const fileRanks = goldRanks(task.gold_files, files);
  const goldKeys = task.gold_functions.map(goldFunctionKey);
  const functionRanks = goldRanks(goldKeys, functions);
  const metrics: Record<string, number> = { 'file.mrr': reciprocalRank(fileRanks), 'latency.ms': latencyMs };
  for (const k of ks) {
    metrics[`file.acc@${k}`] = accuracyAtK(fileRanks, k);
    metrics[`file.recall@${k}`] = recallAtK(fileRanks, k);
  }
  // A task without gold functions says nothing about function localization.
  if (functionRanks.size > 0) for (const k of FUNCTION_KS) metrics[`function.acc@${k}`] = accuracyAtK(functionRanks, k);
  return {
    metrics,
    detail: {
      ranked_files: [...new Set(files)].slice(0, DETAIL_TOP),
      gold_file_ranks: Object.fromEntries(fileRanks),
      ranked_functions: [...new Set(functions)].slice(0, DETAIL_TOP),
      gold_function_ranks: Object.fromEntries(functionRanks),
    },
  };
}
