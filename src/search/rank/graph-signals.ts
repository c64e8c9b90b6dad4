// Graph propagation from confident seeds only — from weak ones it spreads noise: the
// task's anchors, plus the very top of the text signals. Co-change neighbours come straight from the index
// (a few lookups); personalized PageRank over imports and references (degree-normalised,
// pagerank.ts) needs the whole repository graph, so it runs only when one is at hand.

import type { CuratedReader } from '../../store/curated.js';
import { personalizedPageRank } from '../graph/pagerank.js';
import type { RepoGraph } from '../graph/repo-graph.js';

/** How many of each text signal's best files seed the walk, and how strongly. */
const TEXT_SEEDS = 3;
const TEXT_SEED_WEIGHT = 0.5;
const ANCHOR_SEED_WEIGHT = 1;
const MIN_COCHANGE = 2;
const COCHANGE_PER_SEED = 20;

export function graphSeeds(anchors: Map<string, number>, textLists: Map<string, number>[]): Map<string, number> {
  const seeds = new Map<string, number>();
  const maxAnchor = Math.max(0, ...anchors.values());
  for (const [path, weight] of anchors) seeds.set(path, ANCHOR_SEED_WEIGHT * (maxAnchor > 0 ? weight / maxAnchor : 1));
  for (const list of textLists) {
    const top = [...list.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TEXT_SEEDS);
    top.forEach(([path], index) => seeds.set(path, Math.max(seeds.get(path) ?? 0, TEXT_SEED_WEIGHT / (index + 1))));
  }
  return seeds;
}

export function pageRankSignal(graph: RepoGraph | null, seeds: Map<string, number>): Map<string, number> {
  if (!graph || seeds.size === 0) return new Map();
  return personalizedPageRank(graph, seeds, { includeSeeds: true });
}

/** Files that changed with the seeds: seed weight × how often a change to the seed touched them. */
export function coChangeSignal(reader: CuratedReader, seeds: Map<string, number>): Map<string, number> {
  const scores = new Map<string, number>();
  for (const [seed, weight] of seeds) {
    const commits = Math.max(1, reader.file(seed)?.commitCount ?? 0);
    for (const pair of reader.coChangeNeighbours(seed, MIN_COCHANGE).slice(0, COCHANGE_PER_SEED)) {
      const confidence = Math.min(1, pair.count / commits);
      scores.set(pair.b, (scores.get(pair.b) ?? 0) + weight * confidence);
    }
  }
  return scores;
}
