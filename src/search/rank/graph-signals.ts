// Graph propagation from confident seeds only (RANKING.md §6): the task's anchors, plus
// the very top of the text signals. Personalized PageRank over imports and references
// (degree-normalised in pagerank.ts), and co-change neighbours weighted by the seed.

import { coChangeNeighbours } from '../graph/cochange.js';
import { personalizedPageRank } from '../graph/pagerank.js';
import type { RepoGraph } from '../graph/repo-graph.js';

/** How many of each text signal's best files seed the walk, and how strongly. */
const TEXT_SEEDS = 3;
const TEXT_SEED_WEIGHT = 0.5;
const ANCHOR_SEED_WEIGHT = 1;
const MIN_COCHANGE = 2;
const COCHANGE_PER_SEED = 20;

export function graphSignals(
  graph: RepoGraph,
  anchors: Map<string, number>,
  textLists: Map<string, number>[],
): { graph: Map<string, number>; cochange: Map<string, number> } {
  const seeds = new Map<string, number>();
  const maxAnchor = Math.max(0, ...anchors.values());
  for (const [path, weight] of anchors) seeds.set(path, ANCHOR_SEED_WEIGHT * (maxAnchor > 0 ? weight / maxAnchor : 1));
  for (const list of textLists) {
    const top = [...list.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TEXT_SEEDS);
    top.forEach(([path], index) => seeds.set(path, Math.max(seeds.get(path) ?? 0, TEXT_SEED_WEIGHT / (index + 1))));
  }
  if (seeds.size === 0) return { graph: new Map(), cochange: new Map() };
  const ppr = personalizedPageRank(graph, seeds, { includeSeeds: true });
  const cochange = new Map<string, number>();
  for (const [seed, weight] of seeds) {
    for (const neighbour of coChangeNeighbours(graph, seed, MIN_COCHANGE).slice(0, COCHANGE_PER_SEED)) {
      cochange.set(neighbour.path, (cochange.get(neighbour.path) ?? 0) + weight * neighbour.confidence);
    }
  }
  return { graph: ppr, cochange };
}
