// From an allocation to a ContextPackage, and the token counts the fitter needs of it: the
// exact count of its whole render (with `budget.used` set to that count) and a cheap
// estimate (the render without items and edges, plus the allocation's per-part counts).

import {
  detailRank,
  type BudgetSummary,
  type ContextItem,
  type ContextPackage,
  type DuplicateRecord,
} from '../../core/context-package.js';
import type { Printer } from '../../render/printer.js';
import { buildView } from '../../render/view.js';
import type { Allocation, Placement } from './allocate.js';
import type { PackageFrame } from '../../core/context-package.js';
import type { CostModel } from './cost.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';

export type SummaryBase = Omit<BudgetSummary, 'used' | 'demoted' | 'evicted' | 'deduplicated'>;

export interface Assembly {
  frame: PackageFrame;
  duplicates: readonly DuplicateRecord[];
  cost: CostModel;
  base: SummaryBase;
  printer: Printer;
  counter: TokenCounter;
}

export function assemble(allocation: Allocation, a: Assembly): ContextPackage {
  const { frame } = a;
  return {
    taskId: frame.taskId,
    runId: frame.runId,
    query: frame.query,
    match: frame.match,
    matchEvidence: { summary: frame.matchEvidence.summary, closest: frame.matchEvidence.closest.map((entry) => ({ ...entry })) },
    items: allocation.placed.map((placement) => packageItem(placement, a.cost)),
    edges: allocation.edges,
    budget: {
      ...a.base,
      used: 0,
      demoted: allocation.demoted,
      evicted: allocation.evicted,
      deduplicated: [...a.duplicates, ...allocation.covered],
    },
    notes: [...frame.notes],
    ...(frame.history && frame.history.length > 0 ? { history: frame.history } : {}),
    ...placedSummaries(frame, allocation),
    createdAt: frame.createdAt,
  };
}

/** The summaries of the files the allocation shows, in package order (absent when none). */
function placedSummaries(frame: PackageFrame, allocation: Allocation): Pick<ContextPackage, 'summaries'> {
  if (!frame.summaries || frame.summaries.length === 0) return {};
  const byPath = new Map(frame.summaries.map((summary) => [summary.path, summary]));
  const paths = [...new Set(allocation.placed.map((placement) => placement.slot.item.path))];
  const summaries = paths.flatMap((path) => byPath.get(path) ?? []);
  return summaries.length > 0 ? { summaries } : {};
}

function packageItem({ slot, detail }: Placement, cost: CostModel): ContextItem {
  const { texts } = slot.item;
  return {
    ...slot.item,
    detail,
    demotedFrom: detail === slot.ceiling ? null : slot.ceiling,
    tokens: cost.textTokens(slot, detail),
    // Texts above the shown detail are dropped: a package stays about as large as its render.
    texts: {
      full: detail === 'full' ? texts.full : null,
      excerpt: detailRank(detail) >= detailRank('excerpt') ? texts.excerpt : null,
      signature: detailRank(detail) >= detailRank('signature') ? texts.signature : null,
    },
  };
}

/** The allocation's per-part estimate plus the exact cost of everything else. */
export function estimateTokens(allocation: Allocation, a: Assembly): number {
  const pkg = assemble(allocation, a);
  const view = { ...buildView(pkg), items: [], edges: [] };
  view.budget.used = a.base.available; // the widest value `used` can print
  return a.counter.count(a.printer.render(view)) + allocation.estimate;
}

/**
 * The package with `budget.used` set to the token count of the render that contains it,
 * and that count. The search starts from a guess and counts upwards (more digits never take
 * fewer tokens, so it settles in a step or two); when the render is over budget it restarts
 * from 0, so that "over" means no value of `used` would fit.
 */
export function settle(allocation: Allocation, a: Assembly, guess: number): { pkg: ContextPackage; tokens: number } {
  const draft = assemble(allocation, a);
  const first = settleFrom(draft, a, Math.max(0, Math.min(guess, a.base.available)));
  return first.tokens <= a.base.available ? first : settleFrom(draft, a, 0);
}

function settleFrom(draft: ContextPackage, a: Assembly, used: number): { pkg: ContextPackage; tokens: number } {
  let pkg: ContextPackage = { ...draft, budget: { ...draft.budget, used } };
  let tokens = countRender(pkg, a);
  for (let step = 0; step < 6 && tokens !== pkg.budget.used && tokens <= a.base.available; step++) {
    pkg = { ...pkg, budget: { ...pkg.budget, used: tokens } };
    tokens = countRender(pkg, a);
  }
  return { pkg, tokens };
}

function countRender(pkg: ContextPackage, a: Assembly): number {
  return a.counter.count(a.printer.render(buildView(pkg)));
}
