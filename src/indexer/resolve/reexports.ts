// Finding what a file exports under a name, following re-exports a few hops: Python
// packages re-export from submodules (`from .core import Array` in __init__.py), TS
// barrels (`export * from './a'`), Rust `pub use`.

import type { SymbolRecord } from '../../core/entities.js';
import type { FileView } from './file-view.js';

const MAX_HOPS = 3;

export interface ViewSource {
  view(path: string): FileView;
}

/**
 * Whether `exportedFrom(source, name, path)` can find anything: the file defines `name` at
 * top level or one of its imports lists it (or "*"). Most imported files of a module do
 * neither, and this answers for them without the search.
 */
export function mayExport(view: FileView, name: string): boolean {
  if (view.importedNames.has(name) || view.importedNames.has('*')) return true;
  return view.byName.get(name)?.some((s) => s.parent === null) ?? false;
}

/**
 * Top-level definitions of `name` in `path`, or, failing that, in the files its imports of
 * that name (or of "*") bring it from — breadth first, the nearest hop that has any wins.
 */
export function exportedFrom(source: ViewSource, name: string, path: string): SymbolRecord[] {
  const seen = new Set<string>();
  let frontier = [path];
  for (let hop = 0; hop <= MAX_HOPS && frontier.length > 0; hop++) {
    const found: SymbolRecord[] = [];
    const next: string[] = [];
    for (const current of frontier) {
      if (seen.has(current)) continue;
      seen.add(current);
      const view = source.view(current);
      const defined = (view.byName.get(name) ?? []).filter((s) => s.parent === null);
      if (defined.length > 0) {
        found.push(...defined);
        continue;
      }
      for (const imp of view.imports) {
        if (imp.names.includes(name) || imp.names.includes('*')) next.push(...imp.toPaths);
      }
    }
    if (found.length > 0) return found;
    frontier = next;
  }
  return [];
}
