// Context recall as evaluators for `cairn eval`: cairn's retrieval package, and the chunk-RAG
// baselines in the same run (source files only, and every indexed file), each measured at
// every budget by the same code (recall.ts) on the same gold. All report the same metrics,
// so the report prints them side by side.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemIdentity, textAt, type ContextPackage, type MatchStrength } from '../../core/context-package.js';
import { retrieve } from '../../retrieval/pipeline/retrieve.js';
import { createO200kCounter, type TokenCounter } from '../../tokenizer/tokens.js';
import type { RetrievalTuning } from '../../retrieval/tuning.js';
import type { SectionShares } from '../../retrieval/budget/section-shares.js';
import type { Ranker } from '../../search/rank/types.js';
import type { RawLog } from '../../store/raw-log.js';
import type { SessionStore } from '../../store/session.js';
import type { EvalTask } from '../dataset.js';
import type { MetricSpec, TaskContext, TaskEvaluator, TaskScore, TaskTree } from '../evaluator.js';
import { ChunkRag, type ChunkScope } from './chunk-rag.js';
import { goldFunctionRanges, goldLines } from './gold-code.js';
import { measureRecall, type Recall } from './recall.js';
import type { FileLines, ShownBlock } from './shown-lines.js';
import { gitLineHistory } from '../../indexer/git/line-changes.js';

export const PACKAGE_EVALUATOR = 'package';
/** The chunk RAG over source files only: the baseline cairn is judged against. */
export const CHUNK_RAG_CODE_EVALUATOR = 'chunk-rag-code';
/** The chunk RAG over every indexed file (docs, config, JSON too), kept beside it. */
export const CHUNK_RAG_ALL_EVALUATOR = 'chunk-rag-all';
export const MATCH_EVALUATOR = 'match';

export interface PackageEvaluatorOptions {
  /** Available tokens to measure at, e.g. [4000, 8000, 16000] (window = budget, nothing reserved). */
  budgets: readonly number[];
  stages?: readonly string[];
  openLogs(tree: TaskTree): { rawLog: RawLog; sessions: SessionStore; close(): void };
  /** The evaluator's name in reports (default "package"), to compare settings side by side. */
  name?: string;
  tuning?: RetrievalTuning;
  /** The ranker the retrieval seeds from (default: the pipeline's own). */
  ranker?: Ranker;
  /** Commits per file in the package's historical section (absent: none). */
  history?: number | undefined;
  /** With `history`: read the lines each commit changed in the main definitions (git), else commit lines only (default true). */
  historyDiffs?: boolean;
  /** Shares of the budget by section (absent: one priority order). */
  sectionShares?: SectionShares;
}

/** What a method put in front of the model at one budget. */
interface Shown {
  blocks: ShownBlock[];
  named: Set<string>;
  used: number;
  /** One line per item ("detail tokens key"), for tracing a miss to its cause. */
  items?: string[];
  /** What the package said of its match with the repository (cairn's package only). */
  match?: MatchStrength;
  matchSummary?: string;
}

export function budgetLabel(budget: number): string {
  return budget % 1000 === 0 ? `${budget / 1000}k` : String(budget);
}

/** The same columns for cairn's package and the baseline. */
export function recallMetrics(budgets: readonly number[]): MetricSpec[] {
  const per = (name: string, label: string, perCategory = true): MetricSpec[] =>
    budgets.map((budget) => ({ name: `${name}@${budgetLabel(budget)}`, label: `${label}@${budgetLabel(budget)}`, aggregate: 'mean' as const, perCategory }));
  return [
    ...per('ctx.fn', 'fn shown'),
    ...per('ctx.fnAll', 'all fn', false),
    ...per('ctx.lines', 'lines shown'),
    ...per('ctx.lineShare', 'line share', false),
    ...per('ctx.precision', 'precision', false),
    ...per('ctx.file', 'file named', false),
    ...matchMetrics(budgets),
    ...budgets.map((budget) => ({ name: `ctx.ms@${budgetLabel(budget)}`, label: `ms@${budgetLabel(budget)}`, aggregate: 'percentiles' as const })),
  ];
}

/** Share of tasks whose package said the match is weak or none (and none alone), per budget. */
export function matchMetrics(budgets: readonly number[]): MetricSpec[] {
  return budgets.flatMap((budget) => [
    { name: `match.flagged@${budgetLabel(budget)}`, label: `flagged@${budgetLabel(budget)}`, aggregate: 'mean' as const },
    { name: `match.none@${budgetLabel(budget)}`, label: `none@${budgetLabel(budget)}`, aggregate: 'mean' as const, perCategory: false },
  ]);
}

/** Files a package names: its items' files, and files of items shown inside an included item. */
export function packageFiles(pkg: ContextPackage): Set<string> {
  const files = new Set(pkg.items.map((item) => item.path));
  const shown = new Set(pkg.items.map(itemIdentity));
  for (const covered of pkg.budget.deduplicated) if (shown.has(covered.coveredBy)) files.add(covered.path);
  return files;
}

/** The code blocks of a package: every item shown above its path, with its text at that detail. */
export function packageBlocks(pkg: ContextPackage): ShownBlock[] {
  return pkg.items
    .filter((item) => item.detail !== 'path')
    .map((item) => ({ path: item.path, startLine: item.startLine, text: textAt(item, item.detail) ?? '', tokens: item.tokens }));
}

export function packageEvaluator(options: PackageEvaluatorOptions): TaskEvaluator {
  return recallEvaluator(options.name ?? PACKAGE_EVALUATOR, options.budgets, async (task, context, budget) => {
    const pkg = await retrievePackage(options, task, context, budget);
    const items = [
      ...pkg.items.map((item) => `${item.detail} ${item.tokens} ${itemIdentity(item)}`),
      ...pkg.budget.evicted.map((record) => `evicted ${record.detail} ${record.symbolKey ?? record.path}: ${record.reason}`),
    ];
    return { blocks: packageBlocks(pkg), named: packageFiles(pkg), used: pkg.budget.used, items, match: pkg.match, matchSummary: pkg.matchEvidence.summary };
  });
}

/**
 * Tasks asked of a repository that is not theirs (`cairn eval --ask-of`): only what the
 * package says of its match counts — there is no gold to recall in another repository.
 */
export function matchEvaluator(options: Omit<PackageEvaluatorOptions, 'name'>): TaskEvaluator {
  return {
    name: MATCH_EVALUATOR,
    metrics: matchMetrics(options.budgets),
    async evaluate(task, context) {
      const metrics: Record<string, number> = {};
      const said: Record<string, string> = {};
      for (const budget of options.budgets) {
        const pkg = await retrievePackage(options, task, context, budget);
        Object.assign(metrics, matchScores(pkg.match, budgetLabel(budget)));
        said[budgetLabel(budget)] = `${pkg.match}: ${pkg.matchEvidence.summary}`;
      }
      return { metrics, detail: { match: said } };
    },
  };
}

async function retrievePackage(options: Omit<PackageEvaluatorOptions, 'name'>, task: EvalTask, context: TaskContext, budget: number): Promise<ContextPackage> {
  const logs = options.openLogs(context.tree);
  try {
    const diffs = options.history && options.historyDiffs !== false;
    const ports = { reader: context.reader, rawLog: logs.rawLog, sessions: logs.sessions, root: context.tree.root, llm: null, ...(options.ranker ? { ranker: options.ranker } : {}), ...(diffs ? { lineHistory: gitLineHistory(context.tree.root) } : {}) };
    const result = await retrieve(ports, {
      task: task.query,
      stages: options.stages ?? ['scope', 'precision'],
      budget: { contextWindow: budget, reservedTokens: 0 },
      format: 'markdown',
      ...(options.tuning ? { tuning: options.tuning } : {}),
      ...(options.history ? { history: options.history } : {}),
      ...(options.sectionShares ? { sectionShares: options.sectionShares } : {}),
    });
    return result.package;
  } finally {
    logs.close();
  }
}

function matchScores(match: MatchStrength, label: string): Record<string, number> {
  return { [`match.flagged@${label}`]: match === 'strong' ? 0 : 1, [`match.none@${label}`]: match === 'none' ? 1 : 0 };
}

export function chunkRagEvaluator(budgets: readonly number[], scope: ChunkScope, rag: ChunkRag = new ChunkRag(createO200kCounter())): TaskEvaluator {
  const name = scope === 'code' ? CHUNK_RAG_CODE_EVALUATOR : CHUNK_RAG_ALL_EVALUATOR;
  return recallEvaluator(name, budgets, (task, context, budget) => {
    const built = rag.package(context.reader, context.tree.root, task.query, budget, scope);
    return { blocks: built.blocks, named: new Set(built.blocks.map((block) => block.path)), used: built.used };
  });
}

/** Both chunk-RAG baselines, code-only first, sharing one chunk cache. */
export function chunkRagEvaluators(budgets: readonly number[], counter: TokenCounter = createO200kCounter()): TaskEvaluator[] {
  const rag = new ChunkRag(counter);
  return [chunkRagEvaluator(budgets, 'code', rag), chunkRagEvaluator(budgets, 'all', rag)];
}

type ShowAt = (task: EvalTask, context: TaskContext, budget: number) => Shown | Promise<Shown>;

function recallEvaluator(name: string, budgets: readonly number[], show: ShowAt): TaskEvaluator {
  return {
    name,
    metrics: recallMetrics(budgets),
    async evaluate(task: EvalTask, context: TaskContext): Promise<TaskScore> {
      const lines = fileLines(context.tree.root);
      const goldFunctions = goldFunctionRanges(task, context.reader);
      const changed = goldLines(task);
      const metrics: Record<string, number> = {};
      const missing: Record<string, string[]> = {};
      const shownFunctions: Record<string, string[]> = {};
      const items: Record<string, string[]> = {};
      const match: Record<string, string> = {};
      for (const budget of budgets) {
        const label = budgetLabel(budget);
        const started = performance.now();
        const shown = await show(task, context, budget);
        metrics[`ctx.ms@${label}`] = performance.now() - started;
        const recall = measureRecall({ ...shown, goldFiles: task.gold_files, goldFunctions, goldLines: changed, lines });
        Object.assign(metrics, recallScores(recall, label));
        missing[label] = task.gold_files.filter((path) => !shown.named.has(path));
        shownFunctions[label] = recall.shownFunctions;
        if (shown.items) items[label] = shown.items;
        if (shown.match !== undefined) {
          Object.assign(metrics, matchScores(shown.match, label));
          match[label] = `${shown.match}: ${shown.matchSummary ?? ''}`;
        }
      }
      const goldFunctionsInTree = goldFunctions.map((fn) => fn.name);
      const goldFunctionLines = Object.fromEntries(goldFunctions.map((fn) => [fn.name, fn.ranges.map((range) => `${range.start}-${range.end}`).join(', ')]));
      return { metrics, detail: { missingGold: missing, goldFunctionsInTree, goldFunctionLines, shownFunctions, items, ...(Object.keys(match).length > 0 ? { match } : {}) } };
    },
  };
}

function recallScores(recall: Recall, label: string): Record<string, number> {
  const scores: Record<string, number> = { [`ctx.precision@${label}`]: recall.precision, [`ctx.file@${label}`]: recall.fileNamed };
  if (recall.functionAny !== undefined) scores[`ctx.fn@${label}`] = recall.functionAny;
  if (recall.functionAll !== undefined) scores[`ctx.fnAll@${label}`] = recall.functionAll;
  if (recall.lineAny !== undefined) scores[`ctx.lines@${label}`] = recall.lineAny;
  if (recall.lineShare !== undefined) scores[`ctx.lineShare@${label}`] = recall.lineShare;
  return scores;
}

/** Lines of the task's tree as on disk, read once per evaluation of a task. */
function fileLines(root: string): FileLines {
  const cache = new Map<string, string[] | null>();
  return (path) => {
    if (!cache.has(path)) {
      try {
        cache.set(path, readFileSync(join(root, path), 'utf8').split('\n'));
      } catch {
        cache.set(path, null);
      }
    }
    return cache.get(path)!;
  };
}
