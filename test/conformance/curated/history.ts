// The mined commit history: replaced wholesale, searched by message with the files each
// commit changed.

import { describe, expect, it } from 'vitest';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { REPO, SERVICE, STRINGS, tokenized } from '../fixtures.js';
import { useCuratedStore } from './harness.js';

const COMMITS = [
  { sha: 'c3', time: 300, message: 'Fix display name of deleted users\n\nThe profile lookup crashed.', files: [SERVICE, REPO] },
  { sha: 'c2', time: 200, message: 'Speed up string padding', files: [STRINGS] },
  { sha: 'c1', time: 100, message: 'Initial import', files: [SERVICE, REPO, STRINGS] },
];

export function describeHistory(name: string, open: OpenCuratedStore): void {
  describe(`${name}: curated store commit history`, () => {
    const store = useCuratedStore(open);

    it('finds commits by message words, best match first, with their files', () => {
      const { writer } = store();
      writer.replaceCommits(COMMITS);
      const hits = store().reader().searchCommits(tokenized(['display', 'name', 'users']), 10);
      expect(hits.map((hit) => hit.sha)).toEqual(['c3']);
      expect(hits[0]).toMatchObject({ time: 300, files: [REPO, SERVICE] });
      expect(hits[0]!.score).toBeGreaterThan(0);
      expect(store().reader().stats().commits).toBe(3);
    });

    it('matches code-aware tokens in messages and honours the limit', () => {
      const { writer } = store();
      writer.replaceCommits([...COMMITS, { sha: 'c4', time: 400, message: 'Rename getUserName to displayNameOf', files: [SERVICE] }]);
      const reader = store().reader();
      // c4 through getUserName's split parts, c3 through the stem of "users".
      expect(reader.searchCommits(tokenized(['user']), 10).map((hit) => hit.sha)).toEqual(['c4', 'c3']);
      expect(reader.searchCommits(tokenized(['getusername']), 10).map((hit) => hit.sha)).toEqual(['c4']);
      expect(reader.searchCommits(tokenized(['display']), 1)).toHaveLength(1);
      expect(reader.searchCommits(tokenized([]), 10)).toEqual([]);
    });

    it('replaces the whole history, leaving nothing of the old one', () => {
      const { writer } = store();
      writer.replaceCommits(COMMITS);
      writer.replaceCommits([{ sha: 'n1', time: 500, message: 'Padding strings again', files: [STRINGS] }]);
      const reader = store().reader();
      expect(reader.searchCommits(tokenized(['display']), 10)).toEqual([]);
      expect(reader.searchCommits(tokenized(['padding']), 10).map((hit) => hit.sha)).toEqual(['n1']);
      expect(reader.stats().commits).toBe(1);
    });
  });
}
