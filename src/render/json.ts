// The JSON form: the render view as one line of JSON with keys sorted at every level, so
// the same package always prints the same bytes. Compact, so that the budget goes to the
// code each item carries rather than to indentation and metadata: an item keeps what a
// program needs to place and trust it (path, symbol, lines, detail, reason) and its text.

import type { ContextPackage, Detail, FileEdge } from '../core/context-package.js';
import { parseEntityKey } from '../core/entities.js';
import { InputError } from '../core/errors.js';
import type { Printer } from './printer.js';
import { buildView, type BudgetDigest, type ItemView, type RenderView, type SummaryView } from './view.js';

/** A copy with object keys sorted (code-unit order) at every depth; arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}

export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value));
}

/** An array element as printed inside the top-level array, with its comma. */
function element(value: unknown): string {
  return `${stableStringify(value)},`;
}

/**
 * An item in the JSON form: where its text is from and why it is here, and the text. The
 * ranking signals, stage, tier and scores are in the raw log (`cairn explain --json`).
 */
export interface JsonItem {
  path: string;
  /** The definition's qualified name ("Cart.total"), or null for a whole file. */
  symbol: string | null;
  /** First and last line of the item in its file (1-based, inclusive). */
  lines: [number, number];
  detail: Detail;
  reason: string;
  /** The code (or outline) shown; '' for a path-only item. */
  text: string;
  /** A model's summary of the file (`cairn enrich`), on its first item only; absent when it has none. */
  summary?: SummaryView;
}

/** A dependency between two files that show code. */
export type JsonEdge = Omit<FileEdge, 'weight'>;

function jsonItem(entry: ItemView): JsonItem {
  const symbol = entry.symbolKey === null ? null : parseEntityKey(entry.symbolKey).qualifiedName;
  const item: JsonItem = { path: entry.path, symbol, lines: [entry.startLine, entry.endLine], detail: entry.detail, reason: entry.reason, text: entry.text };
  return entry.summary ? { ...item, summary: entry.summary } : item;
}

function jsonEdge({ weight: _weight, ...edge }: FileEdge): JsonEdge {
  return edge;
}

/** The budget as counts: the breakdowns by change and tier are in the other formats and the raw log. */
export interface JsonBudget {
  contextWindow: number;
  reservedTokens: number;
  available: number;
  used: number;
  tokenizer: string;
  demoted: number;
  evicted: number;
  deduplicated: number;
}

function jsonBudget(budget: BudgetDigest): JsonBudget {
  const { contextWindow, reservedTokens, available, used, tokenizer, deduplicated } = budget;
  return { contextWindow, reservedTokens, available, used, tokenizer, demoted: budget.demoted.count, evicted: budget.evicted.count, deduplicated };
}

/** The JSON form as an object, keys sorted at every level: what `renderJson` prints. */
function objectOf(view: RenderView): JsonView {
  const { counts: _counts, ...rest } = view;
  return sortKeysDeep({ ...rest, budget: jsonBudget(view.budget), items: view.items.map(jsonItem), edges: view.edges.map(jsonEdge) }) as JsonView;
}

function render(view: RenderView): string {
  return `${JSON.stringify(objectOf(view))}\n`;
}

export const jsonPrinter: Printer = {
  format: 'json',
  render,
  item: (entry: ItemView) => element(jsonItem(entry)),
  edge: (entry: FileEdge) => element(jsonEdge(entry)),
  summary: (summary: SummaryView) => `"summary":${stableStringify(summary)},`,
};

/** The JSON form of a view (the item counts are the items' own). */
export type JsonView = Omit<RenderView, 'items' | 'edges' | 'budget' | 'counts'> & { budget: JsonBudget; items: JsonItem[]; edges: JsonEdge[] };

/** An item's identity as the other formats print it: "path::Qualified.name", or the path. */
export function jsonItemKey(item: Pick<JsonItem, 'path' | 'symbol'>): string {
  return item.symbol === null ? item.path : `${item.path}::${item.symbol}`;
}

export function renderJson(pkg: ContextPackage): string {
  return render(buildView(pkg));
}

/**
 * The JSON form of a package as an object, for a face that serialises it itself (HTTP's JSON
 * answers): the same keys and values `renderJson` prints, without printing and parsing back.
 */
export function jsonView(pkg: ContextPackage): JsonView {
  return objectOf(buildView(pkg));
}

/** Reads a JSON render back into its view. */
export function parseJson(text: string): JsonView {
  try {
    return JSON.parse(text) as JsonView;
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'not a JSON context package', { cause: error });
  }
}
