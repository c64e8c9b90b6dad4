// What each part of a render costs, counted with the package's token counter on exactly
// the text the printer will emit: an item at each detail, an edge, a file's model summary
// (once, with the file's first item), and an upper bound on
// everything else (header, notes, budget lines) whatever the fit decides.

import type { Detail, FileEdge, PackageFrame, RenderFormat } from '../../core/context-package.js';
import type { Printer } from '../../render/printer.js';
import { DEMOTION_CHANGES, historyView, itemView, matchView, queryExcerpt, oneLine, summaryView, type ItemView, type RenderView } from '../../render/view.js';
import type { Slot } from './order.js';
import { countAtMost, type TokenCounter } from '../../tokenizer/tokens.js';

export interface CostModel {
  /** Tokens the item adds to the render at a detail. */
  itemCost(slot: Slot, detail: Detail): number;
  /** The same when it is at most `limit`, else null; may stop counting early. */
  itemCostAtMost(slot: Slot, detail: Detail, limit: number): number | null;
  /** Tokens of the item's own text at a detail (its `tokens` field). */
  textTokens(slot: Slot, detail: Detail): number;
  edgeCost(edge: FileEdge): number;
  /** Tokens a file's model summary adds when the file's first item is placed (0: it has none). */
  summaryCost(path: string): number;
  /** An upper bound on the render of a package with no items and no edges. */
  readonly skeleton: number;
  /** Tokens the historical section adds to that bound (counted when asked). */
  historyTokens(): number;
}

export interface CostContext {
  slots: readonly Slot[];
  /** Candidates before identical ones were dropped: bounds every count the header shows. */
  candidateCount: number;
  frame: PackageFrame;
  contextWindow: number;
  reservedTokens: number;
  available: number;
  format: RenderFormat;
  counter: TokenCounter;
  printer: Printer;
}

export function buildCostModel(context: CostContext): CostModel {
  const { counter, printer, slots } = context;
  // Numbers render widest at their maximum, so a position of `slots.length` bounds all.
  const widestNumber = Math.max(1, slots.length);
  const texts = new Map<string, number>();
  const parts = new Map<string, Known>();
  // The printed token count (JSON prints it) is bounded by the text's UTF-8 length (a token
  // is at least one byte), so a part is counted without counting its text alone first.
  const part = (slot: Slot, detail: Detail): string => {
    const bound = Buffer.byteLength(viewAt(slot, detail, 0).text, 'utf8');
    return printer.item(viewAt(slot, detail, bound), widestNumber);
  };
  const itemCostAtMost = (slot: Slot, detail: Detail, limit: number): number | null => {
    const key = `${slot.rank}:${detail}`;
    const known = parts.get(key);
    if (known?.exact !== undefined) return known.exact <= limit ? known.exact : null;
    if (known !== undefined && limit <= known.above) return null;
    const count = countAtMost(counter, part(slot, detail), limit);
    parts.set(key, count === null ? { above: limit } : { exact: count, above: count - 1 });
    return count;
  };
  const skeleton = counter.count(printer.render(widestSkeleton(context)));
  const summaries = new Map((context.frame.summaries ?? []).map((summary) => [summary.path, summary]));
  const summaryTokens = new Map<string, number>();
  return {
    textTokens: (slot, detail) => memo(texts, `${slot.rank}:${detail}`, () => counter.count(viewAt(slot, detail, 0).text)),
    itemCostAtMost,
    itemCost: (slot, detail) => itemCostAtMost(slot, detail, Number.MAX_SAFE_INTEGER) ?? Number.MAX_SAFE_INTEGER,
    edgeCost: (edge) => counter.count(printer.edge(edge)),
    summaryCost: (path) => {
      const summary = summaries.get(path);
      return summary === undefined ? 0 : memo(summaryTokens, path, () => counter.count(printer.summary(summaryView(summary))));
    },
    skeleton,
    historyTokens: () => (context.frame.history && context.frame.history.length > 0 ? skeleton - counter.count(printer.render(widestSkeleton({ ...context, frame: { ...context.frame, history: [] } }))) : 0),
  };
}

/** What is known of a part's cost: its exact count, or only that it exceeds `above`. */
interface Known {
  exact?: number;
  above: number;
}

function memo(cache: Map<string, number>, key: string, compute: () => number): number {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = compute();
  cache.set(key, value);
  return value;
}

/** The item as it renders at a detail. */
export function viewAt(slot: Slot, detail: Detail, tokens: number): ItemView {
  const demotedFrom = detail === slot.ceiling ? null : slot.ceiling;
  return itemView({ ...slot.item, detail, demotedFrom, tokens });
}

/**
 * The package with no items, every count at its largest possible value and every kind of
 * demotion and every tier listed as evicted: nothing the fit decides can print wider.
 */
function widestSkeleton(context: CostContext): RenderView {
  const n = context.candidateCount;
  const byTier: Record<string, number> = {};
  for (const slot of context.slots) byTier[String(slot.item.provenance.tier)] = n;
  const { frame } = context;
  return {
    taskId: oneLine(frame.taskId),
    runId: oneLine(frame.runId),
    query: queryExcerpt(frame.query),
    ...matchView(frame),
    createdAt: frame.createdAt,
    counts: { items: n, full: n, excerpt: n, signature: n, path: n },
    budget: {
      contextWindow: context.contextWindow,
      reservedTokens: context.reservedTokens,
      available: context.available,
      used: context.available,
      format: context.format,
      tokenizer: context.counter.name,
      demoted: { count: n, byChange: Object.fromEntries(DEMOTION_CHANGES.map((change) => [change, n])) },
      evicted: { count: n, byTier },
      deduplicated: n,
    },
    items: [],
    edges: [],
    notes: frame.notes.map(oneLine),
    ...(frame.history && frame.history.length > 0 ? { history: frame.history.map(historyView) } : {}),
  };
}
