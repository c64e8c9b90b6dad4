// Finding what a file exports under a name, following re-exports a few hops: Python
// packages re-export from submodules (`from .core import Array` in __init__.py), TS
// barrels (`export * from './a'`), Rust `pub use`.

import type { SymbolRecord } from '../../core/entities.js';
import type { FileView } from './file-view.js';

const MAX_HOPS = 3;

interface ViewSource {
  view(path: string): FileView;
}

/** Top-level definitions of `name` in `paths`, or, failing that, where their imports bring it from. */
export function findExported(source: ViewSource, name: string, paths: readonly string[]): SymbolRecord[] {
  const found: SymbolRecord[] = [];
  const seen = new Set<string>();
  let frontier = [...new Set(paths)];
  for (let hop = 0; hop <= MAX_HOPS && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const path of frontier) {
      if (seen.has(path)) continue;
      seen.add(path);
      const view = source.view(path);
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
  return found;
}
