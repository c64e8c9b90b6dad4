import { describe, expect, it } from 'vitest';
import { coChangeNeighbours } from './cochange.js';
import { graphOf } from './test-graphs.fixture.js';

// a changed in 10 commits: 4 with busy (changed in 100), 3 with quiet (changed in 3), 1 with rare.
const graph = graphOf({
  files: [
    { path: 'a', commitCount: 10 },
    { path: 'busy', commitCount: 100 },
    { path: 'quiet', commitCount: 3 },
    { path: 'rare', commitCount: 2 },
  ],
  cochange: [['a', 'busy', 4], ['a', 'quiet', 3], ['a', 'rare', 1]],
});

describe('coChangeNeighbours', () => {
  it('computes count, cosine and confidence exactly', () => {
    const [busy] = coChangeNeighbours(graph, 'a', 1, 'count');
    expect(busy).toEqual({ path: 'busy', count: 4, cosine: 4 / Math.sqrt(10 * 100), confidence: 4 / 10 });
  });

  it('ranks by the measure asked for', () => {
    expect(coChangeNeighbours(graph, 'a', 1, 'count').map((n) => n.path)).toEqual(['busy', 'quiet', 'rare']);
    expect(coChangeNeighbours(graph, 'a', 1, 'confidence').map((n) => n.path)).toEqual(['busy', 'quiet', 'rare']);
    // cosine: quiet 3/√30 ≈ 0.548, rare 1/√20 ≈ 0.224, busy 4/√1000 ≈ 0.126
    expect(coChangeNeighbours(graph, 'a', 1, 'cosine').map((n) => n.path)).toEqual(['quiet', 'rare', 'busy']);
    expect(coChangeNeighbours(graph, 'a').map((n) => n.path)).toEqual(['busy', 'quiet', 'rare']);
  });

  it('is symmetric in count and cosine, and filters by minCount', () => {
    const [fromQuiet] = coChangeNeighbours(graph, 'quiet', 1, 'cosine');
    expect(fromQuiet).toEqual({ path: 'a', count: 3, cosine: 3 / Math.sqrt(30), confidence: 1 });
    expect(coChangeNeighbours(graph, 'a', 3).map((n) => n.path).sort()).toEqual(['busy', 'quiet']);
    expect(coChangeNeighbours(graph, 'not-indexed')).toEqual([]);
  });
});
