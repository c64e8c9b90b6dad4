// fitToBudget: ranked candidates in, a package out whose render (in the format it was fitted
// for, counted with the same counter) never exceeds contextWindow − reservedTokens.
// The policy runs on per-part token counts (allocate.ts) against a capacity: the budget less
// a pessimistic bound on the header and footer. The pessimism is handed back by estimate,
// then the result is rendered and counted whole; if tokens merging across part boundaries
// made it longer than estimated, it is refitted tighter.

import type { BudgetSummary, ContextItem, ContextPackage, FileEdge, PackageFrame, RenderFormat } from '../../core/context-package.js';
import { CairnError } from '../../core/errors.js';
import { printerFor } from '../../render/index.js';
import { allocate, type Allocation, type SectionPlan } from './allocate.js';
import { estimateTokens, settle, type Assembly } from './assemble.js';
import { buildCostModel } from './cost.js';
import { normalizeEdges } from './edges.js';
import { availableTokens, type TokenBudget } from './limits.js';
import { prioritize } from './order.js';
import { segmentMemo } from './segments.js';
import { sectionLimits, type ItemSection, type SectionShares } from './section-shares.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';

export interface FitResult {
  /** Included items in priority order, at the detail they are shown. */
  items: ContextItem[];
  /** Dependencies among the included files. */
  edges: FileEdge[];
  summary: BudgetSummary;
  package: ContextPackage;
}

/** Shares of the budget by section, and the section of each candidate by identity (section-shares.ts). */
export interface SectionRequest {
  shares: SectionShares;
  of: Record<string, ItemSection>;
}

export const EMPTY_FRAME: PackageFrame = {
  taskId: '',
  runId: '',
  query: '',
  match: 'strong',
  matchEvidence: { summary: 'not assessed', closest: [] },
  notes: [],
  edges: [],
  createdAt: new Date(0).toISOString(),
};

export function fitToBudget(
  candidates: readonly ContextItem[],
  budget: TokenBudget,
  exactCounter: TokenCounter,
  format: RenderFormat,
  frame: PackageFrame = EMPTY_FRAME,
  sections?: SectionRequest,
): FitResult {
  const available = availableTokens(budget);
  // Same counts, each line-start segment counted once for the whole fit (segments.ts).
  const counter = segmentMemo(exactCounter);
  const { slots, duplicates } = prioritize(candidates);
  const edges = normalizeEdges(frame.edges, slots);
  const printer = printerFor(format);
  const context = { slots, candidateCount: candidates.length, frame, ...budget, available, format, counter, printer };
  const cost = buildCostModel(context);
  const assembly: Assembly = {
    frame,
    duplicates,
    cost,
    printer,
    counter,
    base: { contextWindow: budget.contextWindow, reservedTokens: budget.reservedTokens, available, format, tokenizer: counter.name },
  };
  const plan = sections ? sectionPlan(sections, available, cost.historyTokens()) : undefined;
  const search: Search = {
    plan: (capacity) => allocate(slots, edges, cost, capacity, plan),
    estimate: (allocation) => estimateTokens(allocation, assembly),
    verify: (allocation, guess) => settle(allocation, assembly, guess),
    available,
  };
  const fitted = fitWithin(search, available - cost.skeleton);
  if (fitted === null) throw cannotHoldEmpty(available, format);
  return { items: fitted.items, edges: fitted.edges, summary: fitted.budget, package: fitted };
}

function sectionPlan(sections: SectionRequest, available: number, historyTokens: number): SectionPlan {
  const historyLeft = Math.max(0, (sections.shares.historical ?? 0) * available - historyTokens);
  return {
    // An item the assembly did not place in a section is context.
    sectionOf: (slot) => sections.of[slot.identity] ?? 'supporting',
    limits: (capacity) => sectionLimits(sections.shares, available, capacity, historyLeft),
  };
}

interface Search {
  plan(capacity: number): Allocation;
  /** Estimated tokens of the allocation's render. */
  estimate(allocation: Allocation): number;
  /** The package and the exact tokens of its render. */
  verify(allocation: Allocation, guess: number): { pkg: ContextPackage; tokens: number };
  available: number;
}

const GROW_STEPS = 4;

/** Returns the fitted package, or null when not even a package without items fits. */
function fitWithin(search: Search, start: number): ContextPackage | null {
  const { available } = search;
  let capacity = start;
  let allocation = search.plan(capacity);
  // The skeleton bound assumed the widest header; give what it over-reserved back to items.
  // A larger plan is kept only when its whole render, counted exactly, still fits (the
  // estimate is pessimistic too, and would refuse plans that fit to the token).
  for (let grown = 0; grown < GROW_STEPS && allocation.demoted.length + allocation.evicted.length > 0; grown++) {
    const slack = available - search.estimate(allocation);
    if (slack <= 0) break;
    const next = search.plan(capacity + slack);
    if (search.verify(next, search.estimate(next)).tokens > available) break;
    capacity += slack;
    allocation = next;
  }
  for (let shrink = 0; ; shrink++) {
    const { pkg, tokens } = search.verify(allocation, search.estimate(allocation));
    if (tokens <= available) return pkg;
    if (allocation.placed.length === 0) return null;
    // The whole counted more than its parts; shrink faster on every retry so this ends.
    capacity = Math.min(capacity, allocation.estimate) - (tokens - available) * 2 ** shrink;
    allocation = search.plan(capacity);
  }
}

function cannotHoldEmpty(available: number, format: RenderFormat): CairnError {
  return new CairnError('BUDGET', `the available budget of ${available} tokens cannot hold even an empty ${format} package`, {
    hint: 'Raise retrieval.budget.context_window or lower retrieval.budget.reserved_tokens.',
  });
}
