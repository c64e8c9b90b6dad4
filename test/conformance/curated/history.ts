// The mined commit history: replaced wholesale, searched by message with the files each
// commit changed; every file a commit touched is kept (indexed or not), so files added
// later get their facts from it; co-change pairs are added to without a re-mine.

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

    it('keeps files a commit touched that are not indexed; a hit lists the indexed ones only', () => {
      const { writer } = store();
      writer.replaceCommits([{ sha: 'd1', time: 600, message: 'Remove the legacy loader', files: ['gone/legacy.py', SERVICE] }]);
      const reader = store().reader();
      expect(reader.searchCommits(tokenized(['legacy']), 10)[0]!.files).toEqual([SERVICE]);
      expect(writer.commitsTouching(['gone/legacy.py'])).toEqual([{ time: 600, files: ['gone/legacy.py', SERVICE] }]);
      expect(writer.commitsTouching(['never/there.py'])).toEqual([]);
    });

    it('adds co-change pairs, setting the count of a pair already stored and leaving the others', () => {
      const { writer } = store();
      writer.replaceCoChange([{ a: SERVICE, b: STRINGS, count: 1 }]);
      writer.addCoChange([{ a: REPO, b: SERVICE, count: 2 }, { a: STRINGS, b: SERVICE, count: 3 }]);
      const reader = store().reader();
      expect(reader.coChangeNeighbours(SERVICE)).toEqual([
        { a: SERVICE, b: STRINGS, count: 3 },
        { a: SERVICE, b: REPO, count: 2 },
      ]);
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
