// Assembles a RepoGraph from edges given by path, in any order: the loader feeds it from
// the index, tests from hand-written edge lists. Edges naming a path outside `files` are
// dropped (deleted files in git history, external modules); references within one file
// count at symbol level only.

import type { FileKind, ReferenceKind } from '../../core/entities.js';
import { AdjacencyBuilder } from './adjacency.js';
import { REFERENCE_KIND_BITS, type FileNodes, type RepoGraph, type SymbolGraph } from './repo-graph.js';

export interface GraphFile {
  path: string;
  commitCount?: number;
  isTest?: boolean;
  kind?: FileKind;
}

export interface GraphReference {
  fromKey: string;
  fromPath: string;
  toKey: string;
  toPath: string;
  kind: ReferenceKind;
  count: number;
  confidence: number;
}

export class RepoGraphBuilder {
  private readonly files: FileNodes;
  private readonly imports = new AdjacencyBuilder();
  private readonly references = new AdjacencyBuilder();
  private readonly cochange = new AdjacencyBuilder();
  private readonly docs = new AdjacencyBuilder();
  private readonly symbols: SymbolLayerBuilder;

  constructor(files: readonly GraphFile[]) {
    const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const paths = sorted.map((file) => file.path);
    this.files = {
      paths,
      ids: new Map(paths.map((path, id) => [path, id])),
      commitCount: Uint32Array.from(sorted, (file) => file.commitCount ?? 0),
      isTest: Uint8Array.from(sorted, (file) => (file.isTest ? 1 : 0)),
      kind: sorted.map((file) => file.kind ?? 'code'),
    };
    this.symbols = new SymbolLayerBuilder(this.files.ids);
  }

  /** One import statement of `from` resolving to `to`. */
  addImport(from: string, to: string): void {
    const ids = this.pair(from, to);
    if (ids) this.imports.add(ids[0], ids[1], 1, 1);
  }

  addReference(edge: GraphReference): void {
    // Files come from the interned symbols: one map lookup per key instead of three per edge.
    const files = this.symbols.add(edge);
    if (files === null || files[0] === files[1]) return;
    this.references.add(files[0], files[1], edge.count * edge.confidence, edge.count, REFERENCE_KIND_BITS[edge.kind]);
  }

  /** One unordered pair, given once. */
  addCoChange(a: string, b: string, count: number): void {
    const ids = this.pair(a, b);
    if (ids) this.cochange.addUndirected(ids[0], ids[1], count, count);
  }

  /** One mention of `target` in the doc file `doc`. */
  addDocLink(doc: string, target: string): void {
    const ids = this.pair(doc, target);
    if (ids) this.docs.add(ids[0], ids[1], 1, 1);
  }

  build(stamp: string): RepoGraph {
    const n = this.files.paths.length;
    const cochange = this.cochange.forward(n);
    return {
      stamp,
      files: this.files,
      out: { imports: this.imports.forward(n), references: this.references.forward(n), cochange, docs: this.docs.forward(n) },
      in: { imports: this.imports.reverse(n), references: this.references.reverse(n), cochange, docs: this.docs.reverse(n) },
      symbols: this.symbols.build(),
    };
  }

  private pair(from: string, to: string): [number, number] | null {
    const a = this.files.ids.get(from);
    const b = this.files.ids.get(to);
    return a === undefined || b === undefined || a === b ? null : [a, b];
  }
}

/** Interns symbol keys as they appear in edges and packs symbol → symbol references. */
class SymbolLayerBuilder {
  private readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly fileOf: number[] = [];
  private readonly edges = new AdjacencyBuilder();

  constructor(private readonly fileIds: ReadonlyMap<string, number>) {}

  /** Adds the edge; returns the file ids of its ends, or null when one is not in the graph. */
  add(edge: GraphReference): [number, number] | null {
    const from = this.intern(edge.fromKey, edge.fromPath);
    const to = this.intern(edge.toKey, edge.toPath);
    if (from === undefined || to === undefined) return null;
    this.edges.add(from, to, edge.count * edge.confidence, edge.count, REFERENCE_KIND_BITS[edge.kind]);
    return [this.fileOf[from]!, this.fileOf[to]!];
  }

  private intern(key: string, path: string): number | undefined {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const file = this.fileIds.get(path);
    if (file === undefined) return undefined;
    const id = this.keys.length;
    this.keys.push(key);
    this.ids.set(key, id);
    this.fileOf.push(file);
    return id;
  }

  build(): SymbolGraph {
    const n = this.keys.length;
    return { keys: this.keys, ids: this.ids, fileOf: Uint32Array.from(this.fileOf), out: this.edges.forward(n), in: this.edges.reverse(n) };
  }
}
