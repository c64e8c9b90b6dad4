import { describe, expect, it } from 'vitest';
import { expandFromSeeds } from './expand.js';
import { graphOf } from './test-graphs.fixture.js';

// a imports b, b imports c; d imports a; a and e changed together 3 times, a and f once.
const graph = graphOf({
  files: ['a', 'b', 'c', 'd', 'e', 'f'],
  imports: [['a', 'b'], ['b', 'c'], ['d', 'a']],
  cochange: [['a', 'e', 3], ['a', 'f', 1]],
});
const weights = { imports: 1, importedBy: 0.5, cochange: 0.4 };

describe('expandFromSeeds', () => {
  it('scores seedWeight × relation weights × 1/(1 + distance), exactly', () => {
    const results = expandFromSeeds(graph, new Map([['a', 2]]), { maxDepth: 2, relationWeights: weights });
    const byPath = new Map(results.map((r) => [r.path, r]));
    expect(byPath.get('b')).toEqual({ path: 'b', distance: 1, seed: 'a', via: ['imports'], trail: ['a', 'b'], score: 2 * 1 * (1 / 2), evidence: 1 });
    expect(byPath.get('c')).toEqual({ path: 'c', distance: 2, seed: 'a', via: ['imports', 'imports'], trail: ['a', 'b', 'c'], score: 2 * 1 * 1 * (1 / 3), evidence: 1 });
    expect(byPath.get('d')?.score).toBeCloseTo(2 * 0.5 * (1 / 2), 12);
    expect(byPath.get('d')?.via).toEqual(['importedBy']);
    expect(byPath.get('e')?.score).toBeCloseTo(2 * 0.4 * (1 / 2), 12);
    expect(results.map((r) => r.path)).toEqual(['b', 'c', 'd', 'e']); // f: 1 shared commit < minCoChange 2
  });

  it('stops at maxDepth and never returns a seed', () => {
    const one = expandFromSeeds(graph, new Map([['a', 1]]), { maxDepth: 1, relationWeights: weights });
    expect(one.map((r) => r.path).sort()).toEqual(['b', 'd', 'e']);
    const twoSeeds = expandFromSeeds(graph, new Map([['a', 1], ['b', 1]]), { maxDepth: 2, relationWeights: weights });
    expect(twoSeeds.map((r) => r.path)).not.toContain('a');
    expect(twoSeeds.map((r) => r.path)).not.toContain('b');
  });

  it('keeps the best path: a longer chain of strong relations beats one weak hop', () => {
    // x reaches z directly by a weak co-change hop (0.1 / 2 = 0.05) and by two imports (1 / 3).
    const g = graphOf({ files: ['x', 'y', 'z'], imports: [['x', 'y'], ['y', 'z']], cochange: [['x', 'z', 5]] });
    const [z] = expandFromSeeds(g, new Map([['x', 1]]), { maxDepth: 2, relationWeights: { imports: 1, cochange: 0.1 } }).filter((r) => r.path === 'z');
    expect(z).toMatchObject({ distance: 2, via: ['imports', 'imports'], score: 1 / 3 });
    const [direct] = expandFromSeeds(g, new Map([['x', 1]]), { maxDepth: 1, relationWeights: { imports: 1, cochange: 0.1 } }).filter((r) => r.path === 'z');
    expect(direct).toMatchObject({ distance: 1, via: ['cochange'], score: 0.05 });
  });

  it('each file is credited to the seed that reaches it best', () => {
    // b: from a by an import (1 × 1 / 2) or from c back along an import (3 × 0.5 / 2).
    const results = expandFromSeeds(graph, new Map([['a', 1], ['c', 3]]), { maxDepth: 2, relationWeights: weights });
    expect(results.find((r) => r.path === 'b')).toMatchObject({ seed: 'c', via: ['importedBy'], trail: ['c', 'b'], score: 0.75 });
    // d is reached only through a: paths do not pass through another seed.
    expect(results.find((r) => r.path === 'd')).toMatchObject({ seed: 'a', trail: ['a', 'd'] });
  });

  it('breaks ties of score by evidence: more uses first, whatever the path order', () => {
    const g = graphOf({
      files: ['m', 'n1', 'n2'],
      references: [
        { from: 'm', to: 'n1', count: 1 },
        { from: 'm', to: 'n2', count: 4, confidence: 0.5 },
      ],
    });
    const results = expandFromSeeds(g, new Map([['m', 1]]), { relationWeights: { references: 1 } });
    expect(results.map((r) => [r.path, r.score, r.evidence])).toEqual([
      ['n2', 0.5, 2],
      ['n1', 0.5, 1],
    ]);
  });

  it('drops low-confidence references when asked', () => {
    const g = graphOf({
      files: ['p', 'q', 'r'],
      references: [
        { from: 'p', to: 'q', count: 2, confidence: 0.1 },
        { from: 'p', to: 'r', count: 1, confidence: 0.9 },
      ],
    });
    const all = expandFromSeeds(g, new Map([['p', 1]]), { relationWeights: { references: 1 } });
    expect(all.map((r) => r.path)).toEqual(['r', 'q']); // evidence 0.9 vs 2 × 0.1
    const confident = expandFromSeeds(g, new Map([['p', 1]]), { relationWeights: { references: 1 }, minConfidence: 0.5 });
    expect(confident.map((r) => r.path)).toEqual(['r']);
  });
});
