// Incremental reference resolution. When files change, three groups of edges can go
// stale: the changed files' own edges; edges from anywhere that name a definition a
// changed file had or has now (name counts and targets shift); and edges that reached a
// definition through a changed file's re-exports. `planReferenceRefresh` says which;
// `refreshReferences` runs the plan against a store and returns the replacement edges.
//
// Order in an index run: write changed files (symbols, imports with targets, raw refs),
// delete removed ones, re-target other files' imports if the path set changed, then
// refresh references and `replaceReferences(fromPaths, edges)`.

import type { ImportRecord, RawReference, ReferenceEdge } from '../../core/entities.js';
import { resolveReferences } from './references.js';
import type { SymbolIdentity } from './symbol-identity.js';
import type { SymbolLookup } from './symbol-table.js';

export interface FileChange {
  path: string;
  /** Symbols before the change ([] for a new file). */
  symbolsBefore: readonly SymbolIdentity[];
  /** Symbols after the change ([] for a deleted file). */
  symbolsAfter: readonly SymbolIdentity[];
  /** Whether the file's imports or their targets changed (always true for added/deleted files). */
  importsChanged: boolean;
}

export interface RefreshPlan {
  /** Files whose outgoing edges are recomputed in full. */
  paths: string[];
  /** Raw references with these names, from any file, must be re-resolved (their files join `paths`). */
  names: string[];
  /** Files whose importers (re-export chains, a few hops) must be recomputed too. */
  reexportSources: string[];
}

/** Re-export chains are followed this many hops by resolution, so importers up to here may change. */
const REEXPORT_HOPS = 3;

export function planReferenceRefresh(changes: readonly FileChange[]): RefreshPlan {
  const names = new Set<string>();
  for (const change of changes) for (const name of changedNames(change.symbolsBefore, change.symbolsAfter)) names.add(name);
  return {
    paths: [...new Set(changes.map((c) => c.path))].sort(),
    names: [...names].sort(),
    reexportSources: changes.filter((c) => c.importsChanged).map((c) => c.path).sort(),
  };
}

/**
 * Names of definitions added, removed, or changed in identity (key, kind, parent): only
 * these can change how references elsewhere resolve. A function whose body changed
 * keeps its identity and affects nobody else's edges.
 */
export function changedNames(before: readonly SymbolIdentity[], after: readonly SymbolIdentity[]): string[] {
  const identity = (s: SymbolIdentity): string => `${s.key}\u0000${s.kind}\u0000${s.parent ?? ''}\u0000${s.name}`;
  const was = new Set(before.map(identity));
  const is = new Set(after.map(identity));
  const names = new Set<string>();
  for (const s of before) if (!is.has(identity(s))) names.add(s.name);
  for (const s of after) if (!was.has(identity(s))) names.add(s.name);
  return [...names].sort();
}

/** What refreshReferences needs from the store (the curated IndexWriter provides all of it). */
export interface ReferenceSource extends SymbolLookup {
  rawReferencesOf(paths: string[]): RawReference[];
  rawReferencesNamed(names: string[]): RawReference[];
  importedBy(path: string): readonly ImportRecord[];
}

export interface RefreshResult {
  /** Files whose outgoing edges are replaced (`replaceReferences(fromPaths, edges)`). */
  fromPaths: string[];
  edges: ReferenceEdge[];
}

export function refreshReferences(store: ReferenceSource, plan: RefreshPlan): RefreshResult {
  const affected = new Set(plan.paths);
  if (plan.names.length > 0) for (const ref of store.rawReferencesNamed(plan.names)) affected.add(ref.fromPath);
  for (const path of importersWithin(store, plan.reexportSources, REEXPORT_HOPS)) affected.add(path);
  const fromPaths = [...affected].sort();
  return { fromPaths, edges: resolveReferences(store.rawReferencesOf(fromPaths), store) };
}

function importersWithin(store: ReferenceSource, sources: readonly string[], hops: number): Set<string> {
  const reached = new Set<string>();
  let frontier = [...sources];
  for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const path of frontier) {
      for (const imp of store.importedBy(path)) {
        if (reached.has(imp.fromPath)) continue;
        reached.add(imp.fromPath);
        next.push(imp.fromPath);
      }
    }
    frontier = next;
  }
  return reached;
}
