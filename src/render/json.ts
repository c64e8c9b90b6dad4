// The JSON form: the render view as one line of JSON with keys sorted at every level, so
// the same package always prints the same bytes. Compact, so that the budget goes to the
// code each item carries rather than to indentation; items keep what a program needs to
// place and trust them (path, symbol, lines, detail, reason, score, tokens, text).

import type { ContextPackage, FileEdge } from '../core/context-package.js';
import { InputError } from '../core/errors.js';
import type { Printer } from './printer.js';
import { buildView, type ItemView, type RenderView } from './view.js';

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

/** The fields of an item in the JSON form. */
export type JsonItem = Omit<ItemView, 'key' | 'signals' | 'stage' | 'tier'>;

// `key` only repeats symbolKey ?? path; the ranking signals and stage are in the raw log.
function jsonItem({ key: _key, signals: _signals, stage: _stage, tier: _tier, ...rest }: ItemView): JsonItem {
  return rest;
}

function render(view: RenderView): string {
  return `${stableStringify({ ...view, items: view.items.map(jsonItem) })}\n`;
}

export const jsonPrinter: Printer = {
  format: 'json',
  render,
  item: (entry: ItemView) => element(jsonItem(entry)),
  edge: (entry: FileEdge) => element(entry),
};

/** The JSON form of a view. */
export type JsonView = Omit<RenderView, 'items'> & { items: JsonItem[] };

export function renderJson(pkg: ContextPackage): string {
  return render(buildView(pkg));
}

/** Reads a JSON render back into its view. */
export function parseJson(text: string): JsonView {
  try {
    return JSON.parse(text) as JsonView;
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'not a JSON context package', { cause: error });
  }
}
