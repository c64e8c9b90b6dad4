// fitToBudget: ranked candidates in, a package out whose render (in the format it was fitted
// for, counted with the same counter) never exceeds contextWindow − reservedTokens.
// The policy runs on per-part token counts (allocate.ts); the result is then rendered and
// counted whole, and if merges across part boundaries made it longer, refitted tighter.

import {
  detailRank,
  type BudgetSummary,
  type ContextItem,
  type ContextPackage,
  type FileEdge,
  type RenderFormat,
} from '../../core/context-package.js';
import { CairnError } from '../../core/errors.js';
import { printerFor } from '../../render/index.js';
import type { Printer } from '../../render/printer.js';
import { buildView } from '../../render/view.js';
import { allocate, type Allocation, type Placement } from './allocate.js';
import { buildCostModel, type CostModel, type PackageFrame } from './cost.js';
import { normalizeEdges } from './edges.js';
import { availableTokens, type TokenBudget } from './limits.js';
import { prioritize } from './order.js';
import type { TokenCounter } from './tokens.js';

export interface FitResult {
  /** Included items in priority order, at the detail they are shown. */
  items: ContextItem[];
  /** Dependencies among the included files. */
  edges: FileEdge[];
  summary: BudgetSummary;
  package: ContextPackage;
}

export const EMPTY_FRAME: PackageFrame = {
  taskId: '',
  runId: '',
  query: '',
  notes: [],
  edges: [],
  createdAt: new Date(0).toISOString(),
};

export function fitToBudget(
  candidates: readonly ContextItem[],
  budget: TokenBudget,
  counter: TokenCounter,
  format: RenderFormat,
  frame: PackageFrame = EMPTY_FRAME,
): FitResult {
  const available = availableTokens(budget);
  const { slots, duplicates } = prioritize(candidates);
  const edges = normalizeEdges(frame.edges, slots);
  const printer = printerFor(format);
  const cost = buildCostModel({
    slots,
    candidateCount: candidates.length,
    frame,
    ...budget,
    available,
    format,
    counter,
    printer,
  });
  const attempt = (capacity: number): Attempt => {
    const allocation = allocate(slots, edges, cost, capacity);
    const draft = assemble(frame, allocation, duplicates, cost, { ...budget, available, format, tokenizer: counter.name });
    return { capacity, allocation, ...settleUsed(draft, printer, counter) };
  };
  const fitted = fitWithin(attempt, available - cost.skeleton, available);
  if (fitted === null) throw cannotHoldEmpty(available, format, attempt(-1).tokens);
  const pkg = fitted.pkg;
  return { items: pkg.items, edges: pkg.edges, summary: pkg.budget, package: pkg };
}

interface Attempt {
  capacity: number;
  allocation: Allocation;
  pkg: ContextPackage;
  /** Tokens of the package's render. */
  tokens: number;
}

const GROW_STEPS = 2;

/**
 * Starts from a capacity that is safe by construction (the skeleton bound is pessimistic),
 * shrinks it while the whole render is over budget (per-part counts can fall short of the
 * whole when tokens merge across parts), and, when something was cut, grows it by the
 * unused slack a couple of times to hand the skeleton's pessimism back to the items.
 * Returns null when not even a package with no items fits.
 */
function fitWithin(attempt: (capacity: number) => Attempt, start: number, available: number): Attempt | null {
  let best: Attempt | null = null;
  let capacity = start;
  let grown = 0;
  for (let shrink = 0; ; ) {
    const current = attempt(capacity);
    if (current.tokens > available) {
      if (best !== null) return best;
      if (current.allocation.placed.length === 0) return null;
      capacity = Math.min(capacity, current.allocation.estimate) - (current.tokens - available) * 2 ** shrink++;
      continue;
    }
    best = current;
    const { demoted, evicted } = current.allocation;
    const slack = available - current.tokens;
    if (grown >= GROW_STEPS || slack === 0 || demoted.length + evicted.length === 0) return best;
    capacity += slack;
    grown += 1;
  }
}

type SummaryBase = Omit<BudgetSummary, 'used' | 'demoted' | 'evicted' | 'deduplicated'>;

function assemble(
  frame: PackageFrame,
  allocation: Allocation,
  duplicates: BudgetSummary['deduplicated'],
  cost: CostModel,
  base: SummaryBase,
): ContextPackage {
  return {
    taskId: frame.taskId,
    runId: frame.runId,
    query: frame.query,
    items: allocation.placed.map((placement) => packageItem(placement, cost)),
    edges: allocation.edges,
    budget: {
      ...base,
      used: base.available,
      demoted: allocation.demoted,
      evicted: allocation.evicted,
      deduplicated: [...duplicates, ...allocation.covered],
    },
    notes: [...frame.notes],
    createdAt: frame.createdAt,
  };
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
      signature: detailRank(detail) >= detailRank('signature') ? texts.signature : null,
    },
  };
}

/**
 * Sets `budget.used` to the token count of the render that contains it. Fewer digits never
 * take more tokens, so starting from `available` the count only falls and settles in a
 * step or two; the returned `tokens` is always the count of the returned package's render.
 */
function settleUsed(draft: ContextPackage, printer: Printer, counter: TokenCounter): { pkg: ContextPackage; tokens: number } {
  let pkg = draft;
  let tokens = countRender(pkg, printer, counter);
  for (let step = 0; step < 4 && tokens !== pkg.budget.used && tokens <= draft.budget.available; step++) {
    pkg = { ...pkg, budget: { ...pkg.budget, used: tokens } };
    tokens = countRender(pkg, printer, counter);
  }
  return { pkg, tokens };
}

function countRender(pkg: ContextPackage, printer: Printer, counter: TokenCounter): number {
  return counter.count(printer.render(buildView(pkg)));
}

function cannotHoldEmpty(available: number, format: RenderFormat, tokens: number): CairnError {
  return new CairnError(
    'BUDGET',
    `the available budget of ${available} tokens cannot hold even an empty ${format} package (${tokens} tokens)`,
    { hint: 'Raise retrieval.budget.context_window or lower retrieval.budget.reserved_tokens.' },
  );
}
