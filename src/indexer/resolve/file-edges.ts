// File-level dependency edges from symbol-level reference edges: how often, and how
// surely, code in one file names definitions in another.

import type { ReferenceEdge } from '../../core/entities.js';

export interface FileEdge {
  fromPath: string;
  toPath: string;
  /** Uses summed over all symbol edges between the two files. */
  count: number;
  /** Uses weighted by confidence (a use resolved at 0.3 counts 0.3). */
  weight: number;
}

/** Aggregates symbol edges per (fromPath, toPath); edges within one file are left out. */
export function aggregateFileEdges(edges: Iterable<ReferenceEdge>): FileEdge[] {
  const byPair = new Map<string, FileEdge>();
  for (const edge of edges) {
    if (edge.fromPath === edge.toPath) continue;
    const id = `${edge.fromPath}\u0000${edge.toPath}`;
    const existing = byPair.get(id);
    if (existing) {
      existing.count += edge.count;
      existing.weight += edge.count * edge.confidence;
    } else {
      byPair.set(id, { fromPath: edge.fromPath, toPath: edge.toPath, count: edge.count, weight: edge.count * edge.confidence });
    }
  }
  return [...byPair.values()].sort((a, b) =>
    a.fromPath < b.fromPath ? -1 : a.fromPath > b.fromPath ? 1 : a.toPath < b.toPath ? -1 : a.toPath > b.toPath ? 1 : 0,
  );
}
