// Builds a RepoGraph in one pass over the index through the CuratedReader port: per file,
// its imports, its outgoing references, its co-change pairs and the doc links into it.
// Edges to paths outside the index (deleted files in git history, external modules) are
// dropped; references within one file count at symbol level only.

import type { ReferenceEdge } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import { AdjacencyBuilder } from './adjacency.js';
import { REFERENCE_KIND_BITS, type FileNodes, type RepoGraph, type SymbolGraph } from './repo-graph.js';

export interface LoadGraphOptions {
  /** Load doc → code links too (one more indexed lookup per file). Default true. */
  docs?: boolean;
}

/** The index state a graph reflects: it changes whenever an index run completes. */
export function indexStamp(reader: CuratedReader): string {
  return `${reader.meta('indexedAt') ?? 'never'}:${reader.meta('state') ?? 'empty'}`;
}

export function loadRepoGraph(reader: CuratedReader, options: LoadGraphOptions = {}): RepoGraph {
  const stamp = indexStamp(reader);
  const files = fileNodes(reader);
  const n = files.paths.length;
  const imports = new AdjacencyBuilder();
  const references = new AdjacencyBuilder();
  const cochange = new AdjacencyBuilder();
  const docs = new AdjacencyBuilder();
  const symbols = new SymbolLayerBuilder(files.ids);
  files.paths.forEach((path, from) => {
    for (const record of reader.importsOf(path)) {
      for (const target of record.toPaths) {
        const to = files.ids.get(target);
        if (to !== undefined && to !== from) imports.add(from, to, 1, 1);
      }
    }
    for (const edge of reader.referencesFrom(path)) {
      symbols.add(edge);
      const to = files.ids.get(edge.toPath);
      if (to !== undefined && to !== from) references.add(from, to, edge.count * edge.confidence, edge.count, REFERENCE_KIND_BITS[edge.kind]);
    }
    for (const pair of reader.coChangeNeighbours(path)) {
      const other = files.ids.get(pair.b);
      // Each pair is listed from both of its files; keep it once.
      if (other !== undefined && other > from) cochange.addUndirected(from, other, pair.count, pair.count);
    }
    if (options.docs === false) return;
    for (const link of reader.docLinksTo(path)) {
      const doc = files.ids.get(link.fromPath);
      if (doc !== undefined && doc !== from) docs.add(doc, from, 1, 1);
    }
  });
  const symmetric = cochange.forward(n);
  return {
    stamp,
    files,
    out: { imports: imports.forward(n), references: references.forward(n), cochange: symmetric, docs: docs.forward(n) },
    in: { imports: imports.reverse(n), references: references.reverse(n), cochange: symmetric, docs: docs.reverse(n) },
    symbols: symbols.build(),
  };
}

function fileNodes(reader: CuratedReader): FileNodes {
  const records = reader.files(); // ordered by path
  const paths = records.map((file) => file.path);
  return {
    paths,
    ids: new Map(paths.map((path, id) => [path, id])),
    commitCount: Uint32Array.from(records, (file) => file.commitCount),
    isTest: Uint8Array.from(records, (file) => (file.isTest ? 1 : 0)),
    kind: records.map((file) => file.kind),
  };
}

/** Interns symbol keys as they appear in edges and packs symbol → symbol references. */
class SymbolLayerBuilder {
  private readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly fileOf: number[] = [];
  private readonly edges = new AdjacencyBuilder();

  constructor(private readonly fileIds: ReadonlyMap<string, number>) {}

  add(edge: ReferenceEdge): void {
    const from = this.intern(edge.fromKey, edge.fromPath);
    const to = this.intern(edge.toKey, edge.toPath);
    if (from === undefined || to === undefined) return;
    this.edges.add(from, to, edge.count * edge.confidence, edge.count, REFERENCE_KIND_BITS[edge.kind]);
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
    return {
      keys: this.keys,
      ids: this.ids,
      fileOf: Uint32Array.from(this.fileOf),
      out: this.edges.forward(n),
      in: this.edges.reverse(n),
    };
  }
}
