// The JSON form: the render view with keys sorted at every level and two-space
// indentation, so the same package always prints the same bytes.

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
  return JSON.stringify(sortKeysDeep(value), null, 2);
}

/** An array element as printed inside the top-level object: indented, with its comma. */
function element(value: unknown): string {
  const lines = stableStringify(value).split('\n');
  return `${lines.map((line) => `    ${line}`).join('\n')},\n`;
}

// `key` only repeats symbolKey ?? path; the other formats print it as the item heading.
function jsonItem({ key: _key, ...rest }: ItemView): Omit<ItemView, 'key'> {
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

/** The JSON form of a view: items without `key`. */
export type JsonView = Omit<RenderView, 'items'> & { items: Omit<ItemView, 'key'>[] };

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
