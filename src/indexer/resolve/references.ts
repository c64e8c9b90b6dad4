// Reference resolution: raw identifier uses → edges to definitions, each with a
// confidence. The rules, first match wins:
//   1    a definition in the same file (`self.`/`this.` → members of the enclosing class)
//   1    a name bound by an import (`from m import N`, `import {N}`, `use a::N`) → N there
//   1    `C.m` where C is a class bound by an import or defined in the file → member m of C
//   0.9  a qualifier naming an imported module (Go package, Python `import a.b`) → its N
//   0.9  Go/Java: a definition in another file of the same package (folder)
//   0.8  N defined in exactly one of the files this file imports
//   0.5  N defined exactly once in the repository (same language family)
//   0.3/n each of 2–3 definitions; more are too ambiguous and dropped
// A name or qualifier bound by an import that resolved to nothing (an external package)
// resolves to nothing at all. Uses of one target from one source collapse into one edge.

import { CLASS_LIKE_KINDS, type RawReference, type ReferenceEdge, type ReferenceKind, type SymbolKind, type SymbolRecord } from '../../core/entities.js';
import { buildFileView, familyOf, type FileView } from './file-view.js';
import { dirOf } from './paths.js';
import { exportedFrom, mayExport } from './reexports.js';
import type { SymbolLookup } from './symbol-table.js';

export interface Target {
  symbol: SymbolRecord;
  confidence: number;
}

const SELF_QUALIFIERS = new Set(['self', 'this', 'cls', 'Self']);
const KINDS_FOR: Record<ReferenceKind, ReadonlySet<SymbolKind> | null> = {
  call: new Set(['function', 'method', 'class', 'struct']),
  type: CLASS_LIKE_KINDS,
  inherit: CLASS_LIKE_KINDS,
  read: null,
};
const MAX_AMBIGUOUS = 3;

/** Shared caches for one resolution run over a consistent view of the repository. */
export class ReferenceResolver {
  private readonly views = new Map<string, FileView>();
  private readonly byName = new Map<string, readonly SymbolRecord[]>();
  /** name → path → what the path exports under that name. */
  private readonly exports = new Map<string, Map<string, readonly SymbolRecord[]>>();
  /** name, reference kind and language family → candidate definitions (byNameAnywhere). */
  private readonly groups = new Map<string, CandidateGroup>();

  constructor(readonly table: SymbolLookup) {}

  view(path: string): FileView {
    let view = this.views.get(path);
    if (!view) {
      view = buildFileView(path, this.table);
      this.views.set(path, view);
    }
    return view;
  }

  named(name: string): readonly SymbolRecord[] {
    let found = this.byName.get(name);
    if (!found) {
      found = this.table.symbolsByName(name);
      this.byName.set(name, found);
    }
    return found;
  }

  /** What `paths` export as `name` (following re-exports), each definition once. */
  exported(name: string, paths: Iterable<string>): SymbolRecord[] {
    if (this.named(name).length === 0) return [];
    let byPath = this.exports.get(name);
    if (!byPath) {
      byPath = new Map();
      this.exports.set(name, byPath);
    }
    const out: SymbolRecord[] = [];
    for (const path of paths) {
      if (!mayExport(this.view(path), name)) continue;
      let found = byPath.get(path);
      if (!found) {
        found = exportedFrom(this, name, path);
        byPath.set(path, found);
      }
      for (const symbol of found) if (!out.includes(symbol)) out.push(symbol);
    }
    return out;
  }

  /** The definitions one raw reference points at, best rule only. */
  resolve(ref: RawReference): Target[] {
    // Every rule ends at a definition named like the reference: none anywhere, nothing to do.
    if (this.named(ref.name).length === 0) return [];
    const file = this.view(ref.fromPath);
    const fits = kindFilter(ref.kind);
    const q = ref.qualifier;
    if (q !== null && SELF_QUALIFIERS.has(q)) {
      const own = membersOf(file, enclosingType(file, ref.fromKey), ref.name, fits);
      return own.length > 0 ? all(own, 1) : this.byNameAnywhere(ref, file, fits, true);
    }
    if (q === null) return this.unqualified(ref, file, fits);
    return this.qualified(ref, q, file, fits);
  }

  private unqualified(ref: RawReference, file: FileView, fits: KindFilter): Target[] {
    const local = sameFile(file, ref, fits);
    if (local.length > 0) return all(local, 1);
    const bindings = file.boundNames.get(ref.name);
    if (bindings) {
      const targets = bindings.flatMap((imp) => imp.toPaths);
      // Bound by an import of an external package, or to something we cannot see: stop.
      return all(this.exported(ref.name, targets).filter(fits), 1);
    }
    const samePackage = this.samePackage(file, ref.name, null, fits);
    if (samePackage.length > 0) return all(samePackage, 0.9);
    return this.byNameAnywhere(ref, file, fits, false);
  }

  private qualified(ref: RawReference, q: string, file: FileView, fits: KindFilter): Target[] {
    const localType = typeNamed(file, q);
    if (localType) {
      const members = membersOf(file, localType.qualifiedName, ref.name, fits);
      if (members.length > 0) return all(members, 1);
    }
    const bound = file.boundNames.get(q) ?? file.moduleAliases.get(q);
    if (bound) return this.viaImportedQualifier(ref, q, bound.flatMap((imp) => imp.toPaths), fits);
    const samePackage = this.samePackage(file, ref.name, q, fits);
    if (samePackage.length > 0) return all(samePackage, 0.9);
    return this.byNameAnywhere(ref, file, fits, true);
  }

  /** `C.m` with C an imported class → 1; `mod.f` with mod an imported module → 0.9. */
  private viaImportedQualifier(ref: RawReference, q: string, targets: string[], fits: KindFilter): Target[] {
    if (targets.length === 0) return [];
    const types = this.exported(q, targets).filter((s) => CLASS_LIKE_KINDS.has(s.kind));
    for (const type of types) {
      const members = membersOf(this.view(type.path), type.qualifiedName, ref.name, fits);
      if (members.length > 0) return all(members, 1);
    }
    return all(this.exported(ref.name, targets).filter(fits), 0.9);
  }

  /** Go and Java see their package's other files without imports. */
  private samePackage(file: FileView, name: string, q: string | null, fits: KindFilter): SymbolRecord[] {
    if (file.family !== 'go' && file.family !== 'jvm') return [];
    const dir = dirOf(file.path);
    const candidates = this.named(q ?? name).filter((s) => s.path !== file.path && dirOf(s.path) === dir);
    if (q === null) return topLevelFirst(candidates.filter(fits));
    const types = candidates.filter((s) => CLASS_LIKE_KINDS.has(s.kind));
    return types.flatMap((type) => membersOf(this.view(type.path), type.qualifiedName, name, fits));
  }

  /**
   * The weaker, name-only rules: defined in (or re-exported by) exactly one imported file
   * (0.8), then repository-wide. With an unknown receiver (`obj.m()`) only members count
   * repository-wide, as a module-level function is not reached through an object.
   */
  private byNameAnywhere(ref: RawReference, file: FileView, fits: KindFilter, membersOnly: boolean): Target[] {
    const group = this.candidates(ref, file, fits);
    const imported = [...group.inFiles(file.importedPaths), ...this.exported(ref.name, file.importedPaths).filter(fits)];
    const importedFiles = new Set(imported.map((s) => s.path));
    if (importedFiles.size === 1) return split(topLevelFirst(unique(imported)), 0.8);
    // Counted before listed: a common name (`__init__`, `get`) has hundreds of definitions.
    const count = membersOnly ? group.members.length : group.all.length - group.inFile(file.path).length;
    if (count === 0 || count > MAX_AMBIGUOUS) return [];
    const elsewhere = membersOnly ? group.members : group.all.filter((s) => s.path !== file.path);
    return all(elsewhere, count === 1 ? 0.5 : 0.3 / count);
  }

  /** Definitions named like the reference, of a kind it can reach, in the file's language family. */
  private candidates(ref: RawReference, file: FileView, fits: KindFilter): CandidateGroup {
    const id = `${ref.name}\u0000${ref.kind}\u0000${file.family}`;
    let group = this.groups.get(id);
    if (!group) {
      group = new CandidateGroup(this.named(ref.name).filter((s) => fits(s) && sameFamily(s.path, file)));
      this.groups.set(id, group);
    }
    return group;
  }
}

/** One name's candidate definitions, grouped by file. */
class CandidateGroup {
  readonly members: SymbolRecord[];
  private readonly byPath = new Map<string, SymbolRecord[]>();

  constructor(readonly all: SymbolRecord[]) {
    this.members = all.filter((s) => s.parent !== null);
    for (const symbol of all) {
      const list = this.byPath.get(symbol.path);
      if (list) list.push(symbol);
      else this.byPath.set(symbol.path, [symbol]);
    }
  }

  inFile(path: string): readonly SymbolRecord[] {
    return this.byPath.get(path) ?? [];
  }

  /** Candidates in any of these files (order is irrelevant: callers take sets of them). */
  inFiles(paths: ReadonlySet<string>): SymbolRecord[] {
    if (paths.size >= this.byPath.size) return this.all.filter((s) => paths.has(s.path));
    const out: SymbolRecord[] = [];
    for (const path of paths) out.push(...this.inFile(path));
    return out;
  }
}

function unique(symbols: SymbolRecord[]): SymbolRecord[] {
  const seen = new Set<string>();
  return symbols.filter((s) => !seen.has(s.key) && seen.add(s.key) !== undefined);
}

type KindFilter = (symbol: SymbolRecord) => boolean;

function kindFilter(kind: ReferenceKind): KindFilter {
  const kinds = KINDS_FOR[kind];
  return kinds === null ? () => true : (symbol) => kinds.has(symbol.kind);
}

function sameFamily(path: string, file: FileView): boolean {
  return file.family === 'other' || familyOf(path) === file.family;
}

/** Same-file definitions of the name: module level first, then members of the enclosing type. */
function sameFile(file: FileView, ref: RawReference, fits: KindFilter): SymbolRecord[] {
  const named = (file.byName.get(ref.name) ?? []).filter(fits);
  if (named.length === 0) return [];
  const top = named.filter((s) => s.parent === null);
  if (top.length > 0) return top;
  const owner = enclosingType(file, ref.fromKey);
  return owner === null ? [] : named.filter((s) => s.parent === owner);
}

/** Qualified name of the class/impl enclosing the symbol `fromKey`, or null at module level. */
export function enclosingType(file: FileView, fromKey: string): string | null {
  let qualified = file.byKey.get(fromKey)?.parent ?? null;
  for (let guard = 0; qualified !== null && guard < 32; guard++) {
    const symbol = file.byQualifiedName.get(qualified);
    // No symbol: a Rust impl or Go receiver scope, qualified under the type's name.
    if (!symbol || CLASS_LIKE_KINDS.has(symbol.kind)) return qualified;
    qualified = symbol.parent;
  }
  return null;
}

function membersOf(file: FileView, typeName: string | null, name: string, fits: KindFilter): SymbolRecord[] {
  if (typeName === null) return [];
  return (file.byName.get(name) ?? []).filter((s) => s.parent === typeName && fits(s));
}

function typeNamed(file: FileView, name: string): SymbolRecord | null {
  return (file.byName.get(name) ?? []).find((s) => CLASS_LIKE_KINDS.has(s.kind)) ?? null;
}

function topLevelFirst(symbols: SymbolRecord[]): SymbolRecord[] {
  const top = symbols.filter((s) => s.parent === null);
  return top.length > 0 ? top : symbols;
}

function all(symbols: readonly SymbolRecord[], confidence: number): Target[] {
  return symbols.map((symbol) => ({ symbol, confidence }));
}

/** One rule's confidence shared among its candidates (several in one file: overloads). */
function split(symbols: readonly SymbolRecord[], confidence: number): Target[] {
  return all(symbols, symbols.length > 1 ? confidence / symbols.length : confidence);
}

/**
 * Resolves raw references into edges: duplicates (same source key, target key and kind)
 * collapse into one edge with a count; references to their own source are dropped.
 * Output is sorted, so the same input always gives the same edges. A resolver passed in
 * keeps its caches for the next call (one table, the files in several batches).
 */
export function resolveReferences(
  refs: readonly RawReference[],
  table: SymbolLookup,
  resolver: ReferenceResolver = new ReferenceResolver(table),
): ReferenceEdge[] {
  const out: ReferenceEdge[] = [];
  // The current source symbol's edges by target, then kind: raw references come file by
  // file and mostly symbol by symbol, so no string key is built per reference. A source
  // met again after another (a nested definition's uses resume) is looked up.
  let source: string | null = null;
  let current = new Map<SymbolRecord, ReferenceEdge[]>();
  const earlier = new Map<string, Map<SymbolRecord, ReferenceEdge[]>>();
  for (const ref of refs) {
    const targets = resolver.resolve(ref);
    if (targets.length === 0) continue;
    if (ref.fromKey !== source) {
      if (source !== null) earlier.set(source, current);
      source = ref.fromKey;
      current = earlier.get(source) ?? new Map();
    }
    for (const { symbol, confidence } of targets) {
      if (symbol.key !== ref.fromKey) addUse(current, out, ref, symbol, confidence);
    }
  }
  return out.sort(compareEdges);
}

/** One more use of `symbol` from the reference's source: a new edge, or a higher count. */
function addUse(
  bySymbol: Map<SymbolRecord, ReferenceEdge[]>,
  out: ReferenceEdge[],
  ref: RawReference,
  symbol: SymbolRecord,
  confidence: number,
): void {
  let byKind = bySymbol.get(symbol);
  if (!byKind) {
    byKind = [];
    bySymbol.set(symbol, byKind);
  }
  const existing = byKind.find((edge) => edge.kind === ref.kind);
  if (existing) {
    existing.count++;
    existing.confidence = Math.max(existing.confidence, confidence);
    return;
  }
  const edge = { fromKey: ref.fromKey, fromPath: ref.fromPath, toKey: symbol.key, toPath: symbol.path, kind: ref.kind, count: 1, confidence };
  byKind.push(edge);
  out.push(edge);
}

function compareEdges(a: ReferenceEdge, b: ReferenceEdge): number {
  return cmp(a.fromKey, b.fromKey) || cmp(a.toKey, b.toKey) || cmp(a.kind, b.kind);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
