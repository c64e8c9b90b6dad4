import { describe, expect, it } from 'vitest';

import type { Detail, FileEdge } from '../../core/context-package.js';
import { allocate, type Allocation } from './allocate.js';
import { candidate, lengthCostModel, type CandidateSpec } from './candidates.fixture.js';
import { prioritize } from './order.js';

function run(specs: CandidateSpec[], capacity: number, edges: FileEdge[] = []): Allocation {
  return allocate(prioritize(specs.map(candidate)).slots, edges, lengthCostModel(), capacity);
}

/** "path[::symbol]=detail" for each placed item, in order. */
function shown(allocation: Allocation): string[] {
  return allocation.placed.map(({ slot, detail }) => `${slot.identity}=${detail}`);
}

const x = (n: number): string => 'x'.repeat(n);

describe('allocate: demotion order', () => {
  it('shows everything in full when it fits, and records nothing', () => {
    const result = run([{ path: 'a', full: x(10) }, { path: 'b', tier: 1, full: x(10) }], 22);
    expect(shown(result)).toEqual(['a=full', 'b=full']);
    expect([result.demoted, result.evicted, result.covered]).toEqual([[], [], []]);
    expect(result.estimate).toBe(22);
  });

  it('demotes the weakest item first, to its signature', () => {
    const specs = [
      { path: 'seed', full: x(10), signature: x(2) },
      { path: 'strong', tier: 1, score: 2, full: x(10), signature: x(2) },
      { path: 'weak', tier: 1, score: 1, full: x(10), signature: x(2) },
    ];
    const result = run(specs, 11 + 11 + 3);
    expect(shown(result)).toEqual(['seed=full', 'strong=full', 'weak=signature']);
    expect(result.demoted).toEqual([
      expect.objectContaining({ path: 'weak', from: 'full', to: 'signature', reason: 'full does not fit in the 0 tokens left' }),
    ]);
  });

  it('demotes down to the path line before evicting anything', () => {
    const specs = [
      { path: 'seed', full: x(10), signature: x(2) },
      { path: 'weak', tier: 1, full: x(10), signature: x(5) },
    ];
    const result = run(specs, 11 + 3);
    expect(shown(result)).toEqual(['seed=full', 'weak=path']);
    expect(result.evicted).toEqual([]);
    expect(result.demoted[0]).toMatchObject({ path: 'weak', from: 'full', to: 'path' });
  });

  it('goes from full straight to path when there is no signature', () => {
    const result = run([{ path: 'seed', full: x(10) }, { path: 'weak', tier: 1, full: x(10), signature: null }], 11 + 5);
    expect(shown(result)).toEqual(['seed=full', 'weak=path']);
    expect(result.demoted[0]).toMatchObject({ from: 'full', to: 'path' });
  });

  it('keeps seeds in full and drops weaker tiers when seeds take the budget', () => {
    const specs = [
      { path: 'seed', full: x(20) },
      { path: 'imported', tier: 1, full: x(1) },
      { path: 'cochanged', tier: 2, full: x(1) },
    ];
    const result = run(specs, 21);
    expect(shown(result)).toEqual(['seed=full']);
    expect(result.evicted.map((e) => [e.path, e.reason])).toEqual([
      ['imported', 'no room for its path line: 1 tokens needed, 0 left'],
      ['cochanged', 'ranked below imported, which did not fit even as a path line'],
    ]);
  });

  it('demotes a seed only when the seeds alone do not fit, the weaker seed first', () => {
    const specs = [
      { path: 'seed1', score: 2, full: x(10), signature: x(3) },
      { path: 'seed2', score: 1, full: x(10), signature: x(3) },
      { path: 'other', tier: 1, full: x(1) },
    ];
    const result = run(specs, 11 + 4 + 1);
    expect(shown(result)).toEqual(['seed1=full', 'seed2=signature', 'other=path']);
  });

  it('lets a weaker item take only what a stronger demoted item could not use', () => {
    // The seed needs 10 more for full; 5 are left after its signature: the weak item's 3 fit.
    const specs = [
      { path: 'seed', full: x(15), signature: x(5) },
      { path: 'weak', tier: 1, full: x(3) },
    ];
    const result = run(specs, 6 + 1 + 3 + 1);
    expect(shown(result)).toEqual(['seed=signature', 'weak=full']);
  });

  it('evicts only the tail of the order, and keeps every other non-seed at path', () => {
    const specs = [
      { path: 'seed', full: x(1) },
      { path: 'a', tier: 1, score: 3, full: x(1) },
      { path: 'b', tier: 1, score: 2, full: x(1) },
      { path: 'c', tier: 1, score: 1, full: x(1) },
      { path: 'd', tier: 2, full: x(1) },
    ];
    const result = run(specs, 2 + 1 + 1);
    expect(shown(result)).toEqual(['seed=full', 'a=path', 'b=path']);
    expect(result.evicted.map((e) => [e.path, e.reason])).toEqual([
      ['c', 'no room for its path line: 1 tokens needed, 0 left'],
      ['d', 'ranked below c, which did not fit even as a path line'],
    ]);
    const held = 'not every candidate fit as a path line, so none is shown above path';
    expect(result.demoted.map((d) => [d.path, d.reason])).toEqual([
      ['a', held],
      ['b', held],
    ]);
  });

  it('demotes a stronger non-seed to path before evicting a weaker one', () => {
    const specs = [
      { path: 'seed', full: x(1) },
      { path: 'imported', tier: 1, full: x(5), signature: x(2) },
      { path: 'cochanged', tier: 3, full: x(5) },
    ];
    const result = run(specs, 2 + 1 + 1);
    expect(shown(result)).toEqual(['seed=full', 'imported=path', 'cochanged=path']);
    expect(result.evicted).toEqual([]);
  });

  it('demotes seeds only for seeds: a seed stays in full while weaker items are evicted', () => {
    const specs = [
      { path: 'seed', full: x(10), signature: x(1) },
      { path: 'imported', tier: 1, full: x(1) },
    ];
    const result = run(specs, 11);
    expect(shown(result)).toEqual(['seed=full']);
    expect(result.evicted.map((e) => e.path)).toEqual(['imported']);
  });

  it('when a seed does not fit even as a path line, keeps seeds at path and evicts the rest', () => {
    const specs = [
      { path: 'seed1', score: 2, full: x(1) },
      { path: 'seed2', score: 1, full: x(1) },
      { path: 'other', tier: 1, full: x(1) },
    ];
    const result = run(specs, 1 + 0);
    expect(shown(result)).toEqual(['seed1=path']);
    expect(result.evicted.map((e) => [e.path, e.reason])).toEqual([
      ['seed2', 'no room for its path line: 1 tokens needed, 0 left'],
      ['other', 'ranked below seed2, which did not fit even as a path line'],
    ]);
    expect(result.demoted.map((d) => d.reason)).toEqual(['not every seed fit as a path line, so seeds stay at path']);
  });

  it('evicts everything when not even the strongest path line fits', () => {
    const result = run([{ path: 'seed' }, { path: 'other', tier: 1 }], 0);
    expect(result.placed).toEqual([]);
    expect(result.evicted.map((e) => e.path)).toEqual(['seed', 'other']);
  });

  it('never raises an item above the detail it was proposed at', () => {
    const result = run([{ path: 'a', detail: 'signature' as Detail, full: x(3), signature: x(1) }], 100);
    expect(shown(result)).toEqual(['a=signature']);
    expect(result.demoted).toEqual([]);
  });
});

describe('allocate: duplicates', () => {
  it('skips a symbol whose whole file is already shown in full', () => {
    const specs = [
      { path: 'f.py', full: x(10) },
      { path: 'f.py', symbol: 'g', tier: 1, full: x(3) },
    ];
    const result = run(specs, 100);
    expect(shown(result)).toEqual(['f.py=full']);
    expect(result.covered).toEqual([expect.objectContaining({ symbolKey: 'f.py::g', coveredBy: 'f.py' })]);
  });

  it('absorbs included symbols when their file is raised to full, and refunds them', () => {
    const specs = [
      { path: 'f.py', symbol: 'g', full: x(3), lines: [2, 4] as [number, number] },
      { path: 'f.py', tier: 1, full: x(10) },
    ];
    const result = run(specs, 11);
    expect(shown(result)).toEqual(['f.py=full']);
    expect(result.covered.map((c) => c.symbolKey)).toEqual(['f.py::g']);
    expect(result.estimate).toBe(11);
  });

  it('treats an enclosing symbol like a whole file, by line range', () => {
    const specs = [
      { path: 'f.py', symbol: 'C', full: x(10), lines: [1, 20] as [number, number] },
      { path: 'f.py', symbol: 'C.m', tier: 1, full: x(3), lines: [5, 8] as [number, number] },
      { path: 'f.py', symbol: 'D', tier: 1, full: x(3), lines: [21, 30] as [number, number] },
    ];
    const result = run(specs, 100);
    expect(shown(result)).toEqual(['f.py::C=full', 'f.py::D=full']);
    expect(result.covered.map((c) => c.symbolKey)).toEqual(['f.py::C.m']);
  });

  it('keeps a symbol when its file is shown only as a signature', () => {
    const specs = [
      { path: 'f.py', full: x(50), signature: x(2) },
      { path: 'f.py', symbol: 'g', tier: 1, full: x(3) },
    ];
    const result = run(specs, 3 + 4);
    expect(shown(result)).toEqual(['f.py=signature', 'f.py::g=full']);
  });
});

describe('allocate: edges', () => {
  it('charges an edge when its second file is placed and lists only edges among placed files', () => {
    const edges: FileEdge[] = [
      { from: 'a', to: 'b', relation: 'imports', weight: 1 },
      { from: 'a', to: 'c', relation: 'imports', weight: 1 },
    ];
    const specs = [{ path: 'a', full: x(1) }, { path: 'b', tier: 1, full: x(1) }, { path: 'c', tier: 2, full: x(1) }];
    // a in full (2), b's path line and the edge a-b (2); c's path line and edge a-c do not fit.
    const result = run(specs, 2 + 2 + 1, edges);
    expect(shown(result)).toEqual(['a=full', 'b=path']);
    expect(result.edges).toEqual([edges[0]]);
    expect(result.evicted.map((e) => e.reason)).toEqual(['no room for its path line: 2 tokens needed, 1 left']);
    expect(result.estimate).toBe(4);
  });
});
