// The repository as an in-memory graph: files numbered 0..n-1 (sorted paths), one
// compact adjacency per relation and direction, and a symbol layer for references.
// Built once per index state (see graph-cache.ts); every ranking signal and graph
// command in this folder is a pure function over it.

import type { FileKind, ReferenceKind } from '../../core/entities.js';
import type { Adjacency } from './adjacency.js';

/** File-level relations. `cochange` is undirected (stored symmetrically: out = in). */
export const FILE_RELATIONS = ['imports', 'references', 'cochange', 'docs'] as const;
export type FileRelation = (typeof FILE_RELATIONS)[number];

export interface FileNodes {
  /** Repository-relative paths, sorted; a file's id is its index here. */
  readonly paths: readonly string[];
  readonly ids: ReadonlyMap<string, number>;
  /** Commits (within the mined window) that touched each file. */
  readonly commitCount: Uint32Array;
  readonly isTest: Uint8Array;
  readonly kind: readonly FileKind[];
}

/**
 * Symbol → symbol reference edges. A node is a symbol key, or a file path standing for
 * the module-level code of that file (references made outside any definition).
 */
export interface SymbolGraph {
  readonly keys: readonly string[];
  readonly ids: ReadonlyMap<string, number>;
  /** File id of each symbol node. */
  readonly fileOf: Uint32Array;
  /** weights = Σ uses × confidence, counts = uses, kinds = REFERENCE_KIND_BITS. */
  readonly out: Adjacency;
  readonly in: Adjacency;
}

export interface RepoGraph {
  /** Identifies the index state the graph was built from (indexedAt and state meta). */
  readonly stamp: string;
  readonly files: FileNodes;
  /**
   * Edges a → b per relation: a imports b; a's code refers to b's definitions (uses
   * within one file left out; weights = Σ uses × confidence, counts = uses); doc a
   * mentions b (counts = mentions); a and b changed together (counts = shared commits).
   */
  readonly out: Readonly<Record<FileRelation, Adjacency>>;
  /** The same edges reversed: in.imports row b lists the files importing b. */
  readonly in: Readonly<Record<FileRelation, Adjacency>>;
  readonly symbols: SymbolGraph;
}

export const REFERENCE_KIND_BITS: Readonly<Record<ReferenceKind, number>> = { call: 1, type: 2, inherit: 4, read: 8 };

export function referenceKinds(bits: number): ReferenceKind[] {
  return (Object.entries(REFERENCE_KIND_BITS) as [ReferenceKind, number][])
    .filter(([, bit]) => (bits & bit) !== 0)
    .map(([kind]) => kind);
}

/** The file id of a path, or undefined when the path is not in the index. */
export function fileId(graph: RepoGraph, path: string): number | undefined {
  return graph.files.ids.get(path);
}

export function filePath(graph: RepoGraph, id: number): string {
  const path = graph.files.paths[id];
  if (path === undefined) throw new RangeError(`no file with id ${id}`);
  return path;
}

export function symbolKey(graph: RepoGraph, id: number): string {
  const key = graph.symbols.keys[id];
  if (key === undefined) throw new RangeError(`no symbol with id ${id}`);
  return key;
}
