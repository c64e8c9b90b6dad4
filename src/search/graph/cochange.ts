// Files that change together with a file, by shared commits and by two normalised measures:
//   cosine     = shared / sqrt(commits(a) × commits(b)) — symmetric; a file that changes in
//                every commit scores low with everyone.
//   confidence = shared / commits(a) — how often a change to `a` also touched b (the
//                association-rule confidence of a → b). For one file it ranks exactly as
//                the count; it matters when neighbours of several seeds are merged.
// commits(x) is the file's commit count within the mined window (FileRecord.commitCount).
//
// Count (≡ confidence) is the default: predicting the other files of held-out commits
// (newest 300 commits, pairs mined from the 2,000 before) it beat cosine on all four
// Loc-Bench repositories — MRR 0.54 vs 0.49 (prefect), 0.56 vs 0.51 (dask), 0.70 vs
// 0.63 (sqlglot), 0.53 vs 0.43 (yt-dlp). Files that change often are often the answer.

import type { RepoGraph } from './repo-graph.js';

export type CoChangeMeasure = 'count' | 'cosine' | 'confidence';

export interface CoChangeNeighbour {
  path: string;
  count: number;
  cosine: number;
  confidence: number;
}

/** Neighbours with at least `minCount` shared commits, best first by `rankBy` (default count). */
export function coChangeNeighbours(
  graph: RepoGraph,
  path: string,
  minCount = 1,
  rankBy: CoChangeMeasure = 'count',
): CoChangeNeighbour[] {
  const id = graph.files.ids.get(path);
  if (id === undefined) return [];
  const adjacency = graph.out.cochange;
  const commits = graph.files.commitCount;
  const own = Math.max(1, commits[id]!);
  const out: CoChangeNeighbour[] = [];
  const end = adjacency.offsets[id + 1]!;
  for (let e = adjacency.offsets[id]!; e < end; e++) {
    const count = adjacency.counts[e]!;
    if (count < minCount) continue;
    const other = adjacency.targets[e]!;
    // A pair count above a file's commit count can only come from a stale history; clamp.
    const theirs = Math.max(count, commits[other]!);
    const mine = Math.max(count, own);
    out.push({ path: graph.files.paths[other]!, count, cosine: count / Math.sqrt(mine * theirs), confidence: count / mine });
  }
  return out.sort((a, b) => b[rankBy] - a[rankBy] || b.count - a.count || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
