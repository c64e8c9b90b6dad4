// One view over the two layers of the graph — files and symbols — so that walks written
// once (neighbourhood, impact) run at either. A symbol target walks references at the
// symbol level and every other relation at the level of its file.

import { parseEntityKey } from '../../core/entities.js';
import type { Adjacency } from './adjacency.js';
import { adjacencyOf, type DirectedRelation } from './directed-relations.js';
import type { FileRelation, RepoGraph } from './repo-graph.js';

export type NodeKind = 'file' | 'symbol';

export interface Level {
  kind: NodeKind;
  /** A symbol-level node named by a path stands for its file's module-level code: a file. */
  kindOf(node: number): NodeKind;
  adjacency(relation: DirectedRelation): Adjacency;
  /** Entity key or path of a node. */
  name(node: number): string;
  /** File of a node. */
  fileOf(node: number): number;
}

export function fileLevel(graph: RepoGraph): Level {
  return {
    kind: 'file',
    kindOf: () => 'file',
    adjacency: (relation) => adjacencyOf(graph, relation),
    name: (node) => graph.files.paths[node]!,
    fileOf: (node) => node,
  };
}

/** References only: other relations have no symbol-level edges. */
export function symbolLevel(graph: RepoGraph): Level {
  const { symbols } = graph;
  return {
    kind: 'symbol',
    kindOf: (node) => (parseEntityKey(symbols.keys[node]!).qualifiedName === null ? 'file' : 'symbol'),
    adjacency: (relation) => (relation === 'references' ? symbols.out : symbols.in),
    name: (node) => symbols.keys[node]!,
    fileOf: (node) => symbols.fileOf[node]!,
  };
}

export function baseRelation(relation: DirectedRelation): FileRelation {
  switch (relation) {
    case 'imports':
    case 'importedBy':
      return 'imports';
    case 'references':
    case 'referencedBy':
      return 'references';
    case 'cochange':
      return 'cochange';
    case 'docs':
    case 'documentedBy':
      return 'docs';
  }
}

/** True when the walk follows edges against their direction (b ← a). */
export function isReverse(relation: DirectedRelation): boolean {
  return relation === 'importedBy' || relation === 'referencedBy' || relation === 'documentedBy';
}

export interface Neighbour {
  node: number;
  edge: number;
}

/** Neighbours of a node, strongest edge first, then by name. */
export function sortedNeighbours(level: Level, adjacency: Adjacency, node: number): Neighbour[] {
  const out: Neighbour[] = [];
  for (let edge = adjacency.offsets[node]!; edge < adjacency.offsets[node + 1]!; edge++) out.push({ node: adjacency.targets[edge]!, edge });
  return out.sort((a, b) => adjacency.weights[b.edge]! - adjacency.weights[a.edge]! || compare(level.name(a.node), level.name(b.node)));
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
