// The stage protocol. A stage is stateless: `run(context, kb, task, judge)` returns the next
// context, adding the files or symbols it chose and one decision for everything it
// considered. The runner (pipeline/runner.ts) sequences stages, threads the budget, persists
// each context to the session and writes each stage's decisions to the raw log. A new stage
// is a new file registered in registry.ts — not a new option.

import type { CuratedReader } from '../../store/curated.js';
import type { EnrichmentReader } from '../../store/enrichment.js';
import type { SourceTexts } from '../source/source-texts.js';
import type { Judge, JudgeKind } from '../judge/judge.js';
import type { TaskQuery } from '../task/task-query.js';

/** Scope tiers, strongest first. A file's tier is its package tier (0 = seed). */
export const TIERS = { seed: 0, direct: 1, cochange: 2, search: 3, metadata: 4 } as const;
export type TierName = keyof typeof TIERS;

const TIER_NAMES = new Map(Object.entries(TIERS).map(([name, tier]) => [tier as number, name as TierName]));

export function tierName(tier: number): TierName {
  return TIER_NAMES.get(tier) ?? 'metadata';
}

/** The effective budget of a run: what the stages size their work by. */
export interface RunBudget {
  contextWindow: number;
  reservedTokens: number;
  /** contextWindow − reservedTokens. */
  available: number;
}

export interface ScopedFile {
  path: string;
  tier: number;
  /** The relationship that brought the file in: "named in the task", "imported by", "co-changes with", "search match"… */
  relation: string;
  /** The seed it is related to, for tiers 1 and 2. */
  via: string | null;
  /** One line for the package: why the file is here. */
  reason: string;
  /** Relevance within its tier, 0..1 (seeds: to the task; neighbours: to the seeds). */
  score: number;
  signals: Record<string, number>;
  /** Set by the precision stage for files in focus: the file's standing for the task, 0..1. */
  standing?: number;
  /** Set by the precision stage: how much the file's module-level code bears on the task, 0..1. */
  moduleScore?: number;
  /** For a test file: the seed it tests (named after it, or one of its few test users; test-pairs.ts). */
  testOf?: string;
}

export const SYMBOL_CLASSES = ['primary', 'supporting', 'type_context', 'excluded'] as const;
export type SymbolClass = (typeof SYMBOL_CLASSES)[number];

export interface ClassifiedSymbol {
  key: string;
  path: string;
  class: Exclude<SymbolClass, 'excluded'>;
  /** Tier of the item in the package: the file's tier, one weaker for supporting context. */
  tier: number;
  reason: string;
  score: number;
  signals: Record<string, number>;
  /**
   * Held in reserve: beyond a cap (its file beyond its tier's cap, the context cap, or below
   * the primaries' cut), offered only with the budget everything else leaves, and only as code.
   */
  reserve?: true;
}

/** One thing a stage considered, and what became of it. Written to the raw log as is. */
export interface Decision {
  subject: 'file' | 'symbol';
  /** Path, or entity key. */
  id: string;
  /** The item's package tier (for a symbol: its file's tier, one weaker for supporting context). */
  tier: number | null;
  /** The scope tier of the file (for a symbol: of the file it lives in). */
  tierName: TierName | null;
  verdict: 'included' | 'excluded';
  /** A file's relation, or a symbol's class. */
  label: string;
  reason: string;
  score: number;
  signals: Record<string, number>;
  judge: JudgeKind | 'rule';
}

export interface RetrievalContext {
  readonly taskId: string;
  readonly runId: string;
  readonly budget: RunBudget;
  readonly files: readonly ScopedFile[];
  /**
   * Files beyond their tier's cap (scope): not in the package on their own, but what of them
   * bears on the task (their tests of a seed, their definitions tied to a primary) is held in
   * reserve for the budget the rest leaves. Absent when the scope stage did not run.
   */
  readonly reserve?: readonly ScopedFile[];
  readonly symbols: readonly ClassifiedSymbol[];
  /** Information lines for the package, e.g. "enrichment not found, tier 4 skipped". */
  readonly notes: readonly string[];
  /** Every decision of this run so far, in order. */
  readonly decisions: readonly Decision[];
}

/** What stages read: the index (read-only), the files on disk, and what the index lacks. */
export interface KnowledgeBase {
  readonly reader: CuratedReader;
  readonly sources: SourceTexts;
  /**
   * Promoted model-written file summaries (`cairn enrich`) for tier 4 and the judge's prompts,
   * each only while its file has the content it was written from; null when there are none.
   */
  readonly enrichment: EnrichmentReader | null;
}

export interface Stage {
  readonly name: string;
  run(context: RetrievalContext, kb: KnowledgeBase, task: TaskQuery, judge: Judge): Promise<RetrievalContext>;
}

export function emptyContext(taskId: string, runId: string, budget: RunBudget): RetrievalContext {
  return { taskId, runId, budget, files: [], symbols: [], notes: [], decisions: [] };
}
