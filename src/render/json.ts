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

function render(view: RenderView): string {
  return `${stableStringify(view)}\n`;
}

export const jsonPrinter: Printer = {
  format: 'json',
  render,
  item: (entry: ItemView) => element(entry),
  edge: (entry: FileEdge) => element(entry),
};

export function renderJson(pkg: ContextPackage): string {
  return render(buildView(pkg));
}

/** Reads a JSON render back into its view. */
export function parseJson(text: string): RenderView {
  try {
    return JSON.parse(text) as RenderView;
  } catch (error) {
    throw new InputError('INPUT_INVALID', 'not a JSON context package', { cause: error });
  }
}
