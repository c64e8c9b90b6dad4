import { describe, expect, it } from 'vitest';
import { personalizedPageRank } from './pagerank.js';
import { graphOf } from './test-graphs.fixture.js';

const seedA = new Map([['a', 1]]);

describe('personalizedPageRank', () => {
  it('a two-file chain: the stranded walker returns to the seed (20/37, 17/37)', () => {
    const graph = graphOf({ files: ['a', 'b'], imports: [['a', 'b']] });
    const scores = personalizedPageRank(graph, seedA, { relations: { imports: 1 }, hubPenalty: 0, includeSeeds: true, tolerance: 1e-12, iterations: 500 });
    expect(scores.get('a')).toBeCloseTo(20 / 37, 9);
    expect(scores.get('b')).toBeCloseTo(17 / 37, 9);
  });

  it('reverse edges weigh what they are given: the importee gets twice the importer', () => {
    const graph = graphOf({ files: ['a', 'b', 'c'], imports: [['a', 'b'], ['c', 'a']] });
    const scores = personalizedPageRank(graph, seedA, {
      relations: { imports: 1, importedBy: 0.5 },
      hubPenalty: 0,
      includeSeeds: true,
      tolerance: 1e-12,
      iterations: 500,
    });
    expect(scores.get('a')).toBeCloseTo(60 / 111, 9);
    expect(scores.get('b')).toBeCloseTo(34 / 111, 9);
    expect(scores.get('c')).toBeCloseTo(17 / 111, 9);
  });

  // s imports h and b; x imports h: deg(s) = deg(h) = 2, deg(b) = deg(x) = 1. Values
  // solved with numpy: x = (1 - d)(I - d Pᵀ)⁻¹ r.
  const star = graphOf({ files: ['b', 'h', 's', 'x'], imports: [['s', 'h'], ['s', 'b'], ['x', 'h']] });
  const exact = { relations: { imports: 1, importedBy: 0.5 }, includeSeeds: true, tolerance: 1e-12, iterations: 500 };
  const seedS = new Map([['s', 1]]);

  it('plain PPR on a small star matches the hand-solved walk', () => {
    const plain = personalizedPageRank(star, seedS, { ...exact, hubPenalty: 0 });
    expect(plain.get('s')).toBeCloseTo(0.42138248, 7);
    expect(plain.get('h')).toBeCloseTo(0.28037191, 7);
    expect(plain.get('b')).toBeCloseTo(0.17908755, 7);
    expect(plain.get('x')).toBeCloseTo(0.11915806, 7);
  });

  it('hubAvoidance 1 weighs walk edges by 1/deg of their target (P(s→h) = 1/3, P(s→b) = 2/3)', () => {
    const scores = personalizedPageRank(star, seedS, { ...exact, hubPenalty: 0, hubAvoidance: 1 });
    expect(scores.get('s')).toBeCloseTo(0.41270403, 7);
    expect(scores.get('h')).toBeCloseTo(0.22559384, 7);
    expect(scores.get('b')).toBeCloseTo(0.23386562, 7);
    expect(scores.get('x')).toBeCloseTo(0.12783651, 7);
  });

  it('hubPenalty divides each score by deg^hubPenalty', () => {
    const scores = personalizedPageRank(star, seedS, { ...exact, hubPenalty: 1 });
    expect(scores.get('h')).toBeCloseTo(0.28037191 / 2, 7);
    expect(scores.get('b')).toBeCloseTo(0.17908755, 7);
    const half = personalizedPageRank(star, seedS, { ...exact, hubPenalty: 0.5 });
    expect(half.get('h')).toBeCloseTo(0.28037191 / Math.SQRT2, 7);
  });

  it('a hub everything imports outranks a plain neighbour without the penalty, and not with it', () => {
    const others = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6'];
    const graph = graphOf({
      files: ['s', 'hub', 'b', ...others],
      imports: [['s', 'hub'], ['s', 'b'], ...others.map((x): [string, string] => [x, 'hub'])],
    });
    const seeds = new Map([['s', 1]]);
    const plain = personalizedPageRank(graph, seeds, { hubPenalty: 0, hubAvoidance: 0 });
    expect(plain.get('hub')!).toBeGreaterThan(plain.get('b')!);
    for (const knob of [{ hubPenalty: 0.5 }, { hubPenalty: 0, hubAvoidance: 1 }]) {
      const normalised = personalizedPageRank(graph, seeds, knob);
      expect(normalised.get('hub')!).toBeLessThan(normalised.get('b')!);
      expect(normalised.get('hub')!).toBeLessThan(plain.get('hub')!);
    }
  });

  it('leaves seeds out by default, ignores unknown seeds and returns nothing without a known seed', () => {
    const graph = graphOf({ files: ['a', 'b'], imports: [['a', 'b']] });
    const scores = personalizedPageRank(graph, new Map([['a', 1], ['nope', 5]]));
    // 'nope' is not in the graph: b gets what it would get from a alone (17/37, deg(b) = 1).
    expect(scores.get('b')).toBeCloseTo(17 / 37, 5);
    expect([...scores.keys()]).toEqual(['b']);
    expect(personalizedPageRank(graph, new Map([['nope', 1]])).size).toBe(0);
  });

  it('reference edges weigh log2(1 + uses × confidence): 3 uses count twice one use', () => {
    const graph = graphOf({
      files: ['a', 'b', 'c'],
      references: [
        { from: 'a', to: 'b', count: 3 },
        { from: 'a', to: 'c', count: 1 },
      ],
    });
    const scores = personalizedPageRank(graph, seedA, { relations: { references: 1 }, hubPenalty: 0, tolerance: 1e-12, iterations: 500 });
    expect(scores.get('b')! / scores.get('c')!).toBeCloseTo(2, 9);
  });

  it('defaults: both directions of imports and references weigh 1, hubPenalty 0.5, seeds left out', () => {
    const explicit = personalizedPageRank(star, seedS, {
      relations: { imports: 1, importedBy: 1, references: 1, referencedBy: 1 },
      hubPenalty: 0.5,
      hubAvoidance: 0,
      damping: 0.85,
    });
    const defaults = personalizedPageRank(star, seedS);
    expect([...defaults.keys()].sort()).toEqual(['b', 'h', 'x']);
    for (const [path, score] of explicit) if (path !== 's') expect(defaults.get(path)).toBeCloseTo(score, 12);
    expect(defaults.get('h')).not.toBeCloseTo(personalizedPageRank(star, seedS, { hubPenalty: 0 }).get('h')!, 3);
  });

  it('seed weights split the restart: two seeds, one with three times the weight', () => {
    const graph = graphOf({ files: ['a', 'b', 'c', 'd'], imports: [['a', 'c'], ['b', 'd']] });
    const scores = personalizedPageRank(graph, new Map([['a', 3], ['b', 1]]), { relations: { imports: 1 }, hubPenalty: 0, includeSeeds: true, tolerance: 1e-12, iterations: 500 });
    expect(scores.get('a')! / scores.get('b')!).toBeCloseTo(3, 9);
    expect(scores.get('c')).toBeCloseTo((3 / 4) * (17 / 37), 9);
  });
});
