// The pipeline as an evaluator for `cairn eval`: for each budget, the share of a task's gold
// files that are inside the package (deterministic judgement), and how long a run took.
// The harness decides where each task's raw log and sessions live (`openLogs`).

import { itemIdentity, type ContextPackage } from '../../core/context-package.js';
import type { EvalTask } from '../../eval/dataset.js';
import type { MetricSpec, TaskContext, TaskEvaluator, TaskScore, TaskTree } from '../../eval/evaluator.js';
import type { RawLog } from '../../store/raw-log.js';
import type { SessionStore } from '../../store/session.js';
import { retrieve } from './retrieve.js';

export interface PackageCoverageOptions {
  /** Available tokens to measure at, e.g. [8000, 32000] (window = budget, nothing reserved). */
  budgets: readonly number[];
  stages?: readonly string[];
  openLogs(tree: TaskTree): { rawLog: RawLog; sessions: SessionStore; close(): void };
}

/** Files a package shows: its items' files, and files of items shown inside an included item. */
export function packageFiles(pkg: ContextPackage): Set<string> {
  const files = new Set(pkg.items.map((item) => item.path));
  const shown = new Set(pkg.items.map(itemIdentity));
  for (const covered of pkg.budget.deduplicated) if (shown.has(covered.coveredBy)) files.add(covered.path);
  return files;
}

export function packageCoverageEvaluator(options: PackageCoverageOptions): TaskEvaluator {
  const label = (budget: number) => (budget % 1000 === 0 ? `${budget / 1000}k` : String(budget));
  const metrics: MetricSpec[] = [
    ...options.budgets.map((budget) => ({ name: `package.coverage@${label(budget)}`, label: `pkg cov@${label(budget)}`, aggregate: 'mean' as const })),
    ...options.budgets.map((budget) => ({ name: `package.ms@${label(budget)}`, label: `pkg ms@${label(budget)}`, aggregate: 'percentiles' as const })),
  ];
  return {
    name: 'package',
    metrics,
    async evaluate(task: EvalTask, context: TaskContext): Promise<TaskScore> {
      const logs = options.openLogs(context.tree);
      try {
        const ports = { reader: context.reader, rawLog: logs.rawLog, sessions: logs.sessions, root: context.tree.root, llm: null };
        const scores: Record<string, number> = {};
        const missing: Record<string, string[]> = {};
        for (const budget of options.budgets) {
          const started = performance.now();
          const result = await retrieve(ports, {
            task: task.query,
            stages: options.stages ?? ['scope', 'precision'],
            budget: { contextWindow: budget, reservedTokens: 0 },
            format: 'markdown',
          });
          scores[`package.ms@${label(budget)}`] = performance.now() - started;
          const files = packageFiles(result.package);
          const found = task.gold_files.filter((gold) => files.has(gold));
          scores[`package.coverage@${label(budget)}`] = found.length / task.gold_files.length;
          missing[label(budget)] = task.gold_files.filter((gold) => !files.has(gold));
        }
        return { metrics: scores, detail: { missingGold: missing } };
      } finally {
        logs.close();
      }
    },
  };
}
