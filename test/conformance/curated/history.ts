// The mined commit history: replaced wholesale, searched by message with the files each
// commit changed.

import { describe, expect, it } from 'vitest';
import type { OpenCuratedStore } from '../curated-store.suite.js';
import { REPO, SERVICE, STRINGS } from '../fixtures.js';
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
      const hits = store().reader().searchCommits(['display', 'name', 'users'], 10);
      expect(hits.map((hit) => hit.sha)).toEqual(['c3']);
      expect(hits[0]).toMatchObject({ time: 300, files: [REPO, SERVICE] });
      expect(hits[0]!.score).toBeGreaterThan(0);
      expect(store().reader().stats().commits).toBe(3);
    });

    it('matches code-aware tokens in messages and honours the limit', () => {
      const { writer } = store();
      writer.replaceCommits([...COMMITS, { sha: 'c4', time: 400, message: 'Rename getUserName to displayNameOf', files: [SERVICE] }]);
      const reader = store().reader();
      expect(reader.searchCommits(['user'], 10).map((hit) => hit.sha)).toEqual(['c4']); // split from getUserName
      expect(reader.searchCommits(['getusername'], 10).map((hit) => hit.sha)).toEqual(['c4']);
      expect(reader.searchCommits(['display'], 1)).toHaveLength(1);
      expect(reader.searchCommits([], 10)).toEqual([]);
    });

    it('replaces the whole history, leaving nothing of the old one', () => {
      const { writer } = store();
      writer.replaceCommits(COMMITS);
      writer.replaceCommits([{ sha: 'n1', time: 500, message: 'Padding strings again', files: [STRINGS] }]);
      const reader = store().reader();
      expect(reader.searchCommits(['display'], 10)).toEqual([]);
      expect(reader.searchCommits(['padding'], 10).map((hit) => hit.sha)).toEqual(['n1']);
      expect(reader.stats().commits).toBe(1);
    });
  });
}
