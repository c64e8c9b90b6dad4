// Structural similarity: two nodes are alike when they have the same neighbours in the
// same roles (both import X, both are called by Y). Each node is a vector over features
// (relation, neighbour) weighted by idf = ln(1 + N / nodes having that feature); the score
// is the cosine of two vectors. Only nodes sharing a feature with the target are scored.

import { reverseOf, type DirectedRelation } from './directed-relations.js';
import { fileLevel, symbolLevel, type Level } from './levels.js';
import type { RepoGraph } from './repo-graph.js';
import type { GraphTarget } from './target.js';

const FILE_FEATURES: DirectedRelation[] = ['imports', 'importedBy', 'references', 'referencedBy', 'cochange'];
const SYMBOL_FEATURES: DirectedRelation[] = ['references', 'referencedBy'];

export interface StructuralMatch {
  id: string;
  path: string;
  /** Cosine similarity in [0, 1]. */
  score: number;
}

export function structuralNeighbours(graph: RepoGraph, target: GraphTarget, limit: number): StructuralMatch[] {
  const isFile = target.kind === 'file';
  const level = isFile ? fileLevel(graph) : symbolLevel(graph);
  const start = isFile ? graph.files.ids.get(target.path) : graph.symbols.ids.get(target.key);
  if (start === undefined) return [];
  const scorer = new FeatureScorer(level, isFile ? FILE_FEATURES : SYMBOL_FEATURES, isFile ? graph.files.paths.length : graph.symbols.keys.length);
  const dot = scorer.sharedWeights(start);
  const own = scorer.norm(start);
  const matches: StructuralMatch[] = [];
  for (const [node, product] of dot) {
    if (node === start || level.kindOf(node) !== level.kind) continue;
    const score = product / (own * scorer.norm(node));
    matches.push({ id: level.name(node), path: graph.files.paths[level.fileOf(node)]!, score });
  }
  return matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
}

class FeatureScorer {
  constructor(
    private readonly level: Level,
    private readonly relations: DirectedRelation[],
    private readonly nodeCount: number,
  ) {}

  /** idf of the feature (relation, neighbour): how many nodes have `neighbour` in that role. */
  private idf(relation: DirectedRelation, neighbour: number): number {
    const holders = this.level.adjacency(reverseOf(relation));
    const popularity = holders.offsets[neighbour + 1]! - holders.offsets[neighbour]!;
    return Math.log(1 + this.nodeCount / Math.max(1, popularity));
  }

  /** Σ idf² over the features each other node shares with `node`. */
  sharedWeights(node: number): Map<number, number> {
    const dot = new Map<number, number>();
    for (const relation of this.relations) {
      const features = this.level.adjacency(relation);
      const holders = this.level.adjacency(reverseOf(relation));
      for (let e = features.offsets[node]!; e < features.offsets[node + 1]!; e++) {
        const neighbour = features.targets[e]!;
        const weight = this.idf(relation, neighbour) ** 2;
        for (let h = holders.offsets[neighbour]!; h < holders.offsets[neighbour + 1]!; h++) {
          const other = holders.targets[h]!;
          dot.set(other, (dot.get(other) ?? 0) + weight);
        }
      }
    }
    return dot;
  }

  norm(node: number): number {
    let squares = 0;
    for (const relation of this.relations) {
      const features = this.level.adjacency(relation);
      for (let e = features.offsets[node]!; e < features.offsets[node + 1]!; e++) squares += this.idf(relation, features.targets[e]!) ** 2;
    }
    return Math.sqrt(squares);
  }
}
