// Seeds: the files a query is anchored on, with how much each is trusted. Paths that are
// not in the graph are ignored, as are non-positive weights.

import type { RepoGraph } from './repo-graph.js';

export type Seeds = ReadonlyMap<string, number>;

/** Seed weights over file ids, summing to 1; null when no seed is in the graph. */
export function seedVector(graph: RepoGraph, seeds: Seeds): Float64Array | null {
  const vector = new Float64Array(graph.files.paths.length);
  let total = 0;
  for (const [path, weight] of seeds) {
    const id = graph.files.ids.get(path);
    if (id === undefined || !(weight > 0)) continue;
    vector[id]! += weight;
    total += weight;
  }
  if (total === 0) return null;
  for (let i = 0; i < vector.length; i++) vector[i]! /= total;
  return vector;
}
