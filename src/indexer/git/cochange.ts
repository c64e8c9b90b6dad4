// Counts how often two files change in the same commit. Memory is O(pairs): callers keep
// commits with many files out (maxFilesPerCommit), as one 1,000-file commit alone would
// add ~500,000 pairs.

import type { CoChangePair } from '../../core/entities.js';

const SEPARATOR = '\0';

export class CoChangeCounter {
  private readonly counts = new Map<string, number>();

  /** Counts every pair of distinct files of one commit once. */
  addCommit(files: readonly string[]): void {
    const unique = [...new Set(files)].sort();
    for (let i = 0; i < unique.length; i++) {
      for (let j = i + 1; j < unique.length; j++) {
        const key = unique[i] + SEPARATOR + unique[j];
        this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      }
    }
  }

  /** Pairs with a < b, sorted by a then b. */
  pairs(): CoChangePair[] {
    const out: CoChangePair[] = [];
    for (const [key, count] of this.counts) {
      const at = key.indexOf(SEPARATOR);
      out.push({ a: key.slice(0, at), b: key.slice(at + 1), count });
    }
    return out.sort((x, y) => (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : x.b > y.b ? 1 : 0));
  }
}
