// Similar past changes: commits whose messages resemble the task vote for
// the files they changed — a commit that touched few files votes harder for each, and a
// recent one a little harder than an old one. Only history mined from the indexed HEAD
// is used, so an evaluation at a task's commit never sees the future.

import type { CuratedReader } from '../../store/curated.js';

const COMMIT_CANDIDATES = 40;
/** Votes decay by half over this many seconds before the newest mined commit. */
const RECENCY_HALF_LIFE_S = 365 * 24 * 3600;

export function historySignal(reader: CuratedReader, terms: string[]): Map<string, number> {
  const votes = new Map<string, number>();
  if (terms.length === 0) return votes;
  const hits = reader.searchCommits(terms, COMMIT_CANDIDATES);
  if (hits.length === 0) return votes;
  const newest = Math.max(...hits.map((hit) => hit.time));
  const known = new Set<string>();
  for (const hit of hits) {
    const files = hit.files.filter((path) => known.has(path) || (reader.file(path) !== null && known.add(path)));
    if (files.length === 0) continue;
    const recency = Math.pow(0.5, (newest - hit.time) / RECENCY_HALF_LIFE_S);
    const share = (hit.score * (0.5 + 0.5 * recency)) / Math.sqrt(files.length);
    for (const path of files) votes.set(path, (votes.get(path) ?? 0) + share);
  }
  return votes;
}

/** Recency halves over this many seconds before the newest change among the candidates. */
const LAST_CHANGE_HALF_LIFE_S = 90 * 24 * 3600;

/**
 * Recency of the candidates the text signals found: how lately each was last changed
 * (mined history), relative to the newest among them — code that changed lately is where
 * a regression hides. Empty outside git. Only candidates are scored: recency alone says
 * nothing about relevance.
 */
export function recencySignal(reader: CuratedReader, lists: readonly Map<string, number>[]): Map<string, number> {
  const changed = new Map<string, number>();
  for (const list of lists) {
    for (const path of list.keys()) {
      if (changed.has(path)) continue;
      const at = reader.file(path)?.lastCommitAt ?? null;
      if (at !== null) changed.set(path, at);
    }
  }
  if (changed.size === 0) return changed;
  const newest = Math.max(...changed.values());
  return new Map([...changed].map(([path, at]) => [path, Math.pow(0.5, (newest - at) / LAST_CHANGE_HALF_LIFE_S)]));
}
