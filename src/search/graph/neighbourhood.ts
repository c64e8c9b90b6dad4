// `cairn graph`: the neighbourhood of a file or symbol — per relation and direction, the
// nodes reached within `depth` hops, as a tree (each branch keeps following the same
// relation the same way: what imports what imports it) and as flat nodes and edges.

import { referenceKinds, type FileRelation, type RepoGraph } from './repo-graph.js';
import { DIRECTED_RELATIONS, type DirectedRelation } from './directed-relations.js';
import { baseRelation, fileLevel, isReverse, sortedNeighbours, symbolLevel, type Level, type NodeKind } from './levels.js';
import type { GraphTarget } from './target.js';

export interface NeighbourhoodOptions {
  /** Hops from the target, at least 1. */
  depth: number;
  relations: FileRelation[];
  /** Children listed per node; the rest are counted in `omitted`. */
  maxChildren: number;
}

export interface TreeEntry {
  id: string;
  kind: NodeKind;
  /** Uses, import statements, shared commits or mentions on the edge. */
  count: number;
  /** Edge strength: uses × confidence for references, else as count. */
  weight: number;
  /** Already shown earlier in this branch: not expanded again. */
  repeated: boolean;
  children: TreeEntry[];
  omitted: number;
}

export interface RelationBranch {
  relation: DirectedRelation;
  /** Symbol-level for a symbol's references; file-level otherwise. */
  level: NodeKind;
  /** The node the branch starts from (the target, or a symbol target's file). */
  from: string;
  entries: TreeEntry[];
  omitted: number;
}

export interface GraphNode {
  id: string;
  kind: NodeKind;
  path: string;
  depth: number;
}

export interface GraphEdge {
  from: string;
  to: string;
  relation: FileRelation;
  count: number;
  weight: number;
  /** Reference kinds (call, type, inherit, read) for reference edges. */
  kinds?: string[];
}

export interface Neighbourhood {
  target: { id: string; kind: NodeKind; path: string };
  depth: number;
  branches: RelationBranch[];
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export function neighbourhood(graph: RepoGraph, target: GraphTarget, options: NeighbourhoodOptions): Neighbourhood {
  const targetId = target.kind === 'file' ? target.path : target.key;
  const collector = new Collector(graph);
  collector.node(targetId, target.kind, target.path, 0);
  const branches = DIRECTED_RELATIONS.filter((relation) => options.relations.includes(baseRelation(relation))).map((relation) => {
    const symbolWise = target.kind === 'symbol' && baseRelation(relation) === 'references';
    const level = symbolWise ? symbolLevel(graph) : fileLevel(graph);
    const start = symbolWise ? graph.symbols.ids.get(targetId) : graph.files.ids.get(target.path);
    const walk = new BranchWalk(level, relation, options, collector);
    const top = start === undefined ? { entries: [], omitted: 0 } : walk.expand(start, 1, new Set([start]));
    return { relation, level: level.kind, from: symbolWise ? targetId : target.path, ...top };
  });
  return { target: { id: targetId, kind: target.kind, path: target.path }, depth: options.depth, branches, nodes: collector.nodes(), edges: collector.edges() };
}

class BranchWalk {
  private readonly adjacency;

  constructor(
    private readonly level: Level,
    private readonly relation: DirectedRelation,
    private readonly options: NeighbourhoodOptions,
    private readonly collector: Collector,
  ) {
    this.adjacency = level.adjacency(relation);
  }

  /** Siblings are marked shown before any of them is expanded, so a node appears at its shallowest place. */
  expand(node: number, depth: number, shown: Set<number>): { entries: TreeEntry[]; omitted: number } {
    const all = sortedNeighbours(this.level, this.adjacency, node);
    const listed = all.slice(0, this.options.maxChildren).map((neighbour) => ({ ...neighbour, repeated: shown.has(neighbour.node) }));
    for (const { node: next } of listed) shown.add(next);
    const entries = listed.map(({ node: next, edge, repeated }) => {
      const id = this.level.name(next);
      const count = this.adjacency.counts[edge]!;
      const weight = this.adjacency.weights[edge]!;
      const kind = this.level.kindOf(next);
      this.collector.node(id, kind, this.collector.pathOf(this.level.fileOf(next)), depth);
      this.record(this.level.name(node), id, count, weight, this.adjacency.kinds[edge]!);
      const below = !repeated && depth < this.options.depth ? this.expand(next, depth + 1, shown) : { entries: [], omitted: 0 };
      return { id, kind, count, weight, repeated, children: below.entries, omitted: below.omitted };
    });
    return { entries, omitted: all.length - listed.length };
  }

  private record(near: string, far: string, count: number, weight: number, kinds: number): void {
    const relation = baseRelation(this.relation);
    const [from, to] = isReverse(this.relation) ? [far, near] : [near, far];
    this.collector.edge({ from, to, relation, count, weight, ...(relation === 'references' ? { kinds: referenceKinds(kinds) } : {}) });
  }
}

/** Nodes at their smallest depth and each edge once (co-change edges in either orientation). */
class Collector {
  private readonly nodeMap = new Map<string, GraphNode>();
  private readonly edgeMap = new Map<string, GraphEdge>();

  constructor(private readonly graph: RepoGraph) {}

  pathOf(file: number): string {
    return this.graph.files.paths[file]!;
  }

  node(id: string, kind: NodeKind, path: string, depth: number): void {
    const known = this.nodeMap.get(id);
    if (known === undefined || depth < known.depth) this.nodeMap.set(id, { id, kind, path, depth });
  }

  edge(edge: GraphEdge): void {
    const [a, b] = edge.relation === 'cochange' && edge.to < edge.from ? [edge.to, edge.from] : [edge.from, edge.to];
    const key = `${edge.relation}\0${a}\0${b}`;
    if (!this.edgeMap.has(key)) this.edgeMap.set(key, { ...edge, from: a, to: b });
  }

  nodes(): GraphNode[] {
    return [...this.nodeMap.values()].sort((x, y) => x.depth - y.depth || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  }

  edges(): GraphEdge[] {
    return [...this.edgeMap.values()];
  }
}
