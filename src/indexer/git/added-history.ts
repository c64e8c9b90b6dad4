// Files added to the index while HEAD stays where it was mined (a new file, one restored
// after a deletion, one that became indexable) get the git facts a fresh index would give
// them, from the stored history instead of a new `git log`: the commits that name them,
// as HistoryBuilder counts them, and co-change pairs with the other indexed files.

import type { CoChangePair } from '../../core/entities.js';
import { countsForCoChange } from './history-builder.js';

export interface StoredCommit {
  /** Committer time, unix seconds. */
  time: number;
  /** Every file the commit touched (names at HEAD), indexed or not. */
  files: readonly string[];
}

export interface AddedHistory {
  history: { path: string; lastCommitAt: number; commitCount: number }[];
  /** a < b, each pair once. */
  pairs: CoChangePair[];
}

/** `commits`: the stored commits that touch one of `added` (others are ignored). */
export function addedHistory(commits: readonly StoredCommit[], added: ReadonlySet<string>, indexed: ReadonlySet<string>, maxFilesPerCommit: number): AddedHistory {
  const facts = new Map<string, { lastCommitAt: number; commitCount: number }>();
  const pairs = new Map<string, CoChangePair>();
  for (const commit of commits) {
    const mine = commit.files.filter((path) => added.has(path));
    for (const path of mine) {
      const known = facts.get(path);
      facts.set(path, known ? { lastCommitAt: Math.max(known.lastCommitAt, commit.time), commitCount: known.commitCount + 1 } : { lastCommitAt: commit.time, commitCount: 1 });
    }
    if (!countsForCoChange(commit.files.length, maxFilesPerCommit)) continue;
    for (const path of mine) {
      for (const other of commit.files) {
        if (other === path || !indexed.has(other)) continue;
        // A pair of two added files is met from both sides: count each commit once.
        if (added.has(other) && other < path) continue;
        const [a, b] = path < other ? [path, other] : [other, path];
        const key = `${a}\0${b}`;
        const pair = pairs.get(key);
        if (pair) pair.count += 1;
        else pairs.set(key, { a, b, count: 1 });
      }
    }
  }
  return { history: [...facts].map(([path, fact]) => ({ path, ...fact })), pairs: [...pairs.values()] };
}
