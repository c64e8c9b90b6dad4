import { describe, expect, it } from 'vitest';

import type { Detail, FileEdge } from '../../core/context-package.js';
import { allocate, MAX_EDGES, MAX_NAMED, type Allocation } from './allocate.js';
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

describe('allocate: code first', () => {
  it('shows everything in full when it fits, and records nothing', () => {
    const result = run([{ path: 'a', score: 2, full: x(10) }, { path: 'b', full: x(10) }], 22);
    expect(shown(result)).toEqual(['a=full', 'b=full']);
    expect([result.demoted, result.evicted, result.covered]).toEqual([[], [], []]);
    expect(result.estimate).toBe(22);
  });

  it('orders by score across tiers: a strong definition of a tier 3 file before a weak seed', () => {
    const result = run([{ path: 'seed', score: 0.2, full: x(10) }, { path: 'far.py', symbol: 'f', tier: 3, score: 1.8, full: x(10) }], 11);
    expect(shown(result)).toEqual(['far.py::f=full']);
    expect(result.evicted.map((e) => e.path)).toEqual(['seed']);
  });

  it('shows the strongest code before naming any file: a weak file gets no path line while code waits', () => {
    const specs = [
      { path: 'a.py', symbol: 'f', score: 2, full: x(10), signature: x(2) },
      { path: 'weak.py', score: 0.1, full: null, signature: null },
    ];
    const result = run(specs, 11);
    expect(shown(result)).toEqual(['a.py::f=full']);
    expect(result.evicted).toEqual([expect.objectContaining({ path: 'weak.py', reason: 'no room for its path line: 1 tokens needed, 0 left' })]);
  });

  it('shows a code-only file (held in reserve) as code or not at all: never by its path', () => {
    const specs = [
      { path: 'a.py', symbol: 'f', score: 2, full: x(10) },
      { path: 'reserve_test.py', score: 0.1, full: x(30), codeOnly: true as const },
      { path: 'named.py', score: 0.05, full: null, signature: null },
    ];
    const result = run(specs, 14);
    expect(shown(result)).toEqual(['a.py::f=full', 'named.py=path']);
    expect(result.evicted).toEqual([expect.objectContaining({ path: 'reserve_test.py', reason: expect.stringMatching(/^no room for its code/) })]);
    expect(shown(run(specs, 50))).toEqual(['a.py::f=full', 'reserve_test.py=full', 'named.py=path']);
  });

  it('falls back from full to the excerpt, then to the signature of a definition', () => {
    const specs = [
      { path: 'a.py', symbol: 'big', score: 3, full: x(30), excerpt: x(8), signature: x(2) },
      { path: 'a.py', symbol: 'other', score: 2, full: x(30), excerpt: x(20), signature: x(2) },
    ];
    const result = run(specs, 9 + 3);
    expect(shown(result)).toEqual(['a.py::big=excerpt', 'a.py::other=signature']);
    expect(result.demoted.map((d) => [d.symbolKey, d.from, d.to])).toEqual([
      ['a.py::big', 'full', 'excerpt'],
      ['a.py::other', 'full', 'signature'],
    ]);
  });

  it('lets a weaker item take only what a stronger one could not use', () => {
    const specs = [
      { path: 'a.py', symbol: 'strong', score: 2, full: x(15), signature: x(5) },
      { path: 'b.py', symbol: 'weak', score: 1, full: x(3) },
    ];
    const result = run(specs, 6 + 4);
    expect(shown(result)).toEqual(['a.py::strong=signature', 'b.py::weak=full']);
  });

  it('evicts a definition whose code does not fit, rather than listing it by path', () => {
    const result = run([{ path: 'a.py', symbol: 'f', full: x(30), signature: x(20) }], 10);
    expect(result.placed).toEqual([]);
    expect(result.evicted).toEqual([expect.objectContaining({ symbolKey: 'a.py::f', reason: expect.stringContaining('no room for its code') })]);
  });

  it('never raises an item above the detail it was proposed at', () => {
    const result = run([{ path: 'a.py', symbol: 'f', detail: 'signature' as Detail, full: x(3), signature: x(1) }], 100);
    expect(shown(result)).toEqual(['a.py::f=signature']);
    expect(result.demoted).toEqual([]);
  });
});

describe('allocate: files without code', () => {
  it('lists a file whose code did not fit by its outline, else by its path line, after all code', () => {
    const specs = [
      { path: 'seed.py', score: 0.5, full: null, signature: x(4) },
      { path: 'a.py', symbol: 'f', score: 2, full: x(5) },
      { path: 'other.py', score: 0.4, full: null, signature: x(9) },
    ];
    const result = run(specs, 6 + 5 + 1);
    expect(shown(result)).toEqual(['a.py::f=full', 'seed.py=signature', 'other.py=path']);
  });

  it('gives a file whose definitions are shown no line of its own', () => {
    const specs = [
      { path: 'a.py', symbol: 'f', score: 2, full: x(5) },
      { path: 'a.py', score: 0.5, full: null, signature: x(4) },
    ];
    const result = run(specs, 100);
    expect(shown(result)).toEqual(['a.py::f=full']);
    expect(result.covered).toEqual([expect.objectContaining({ path: 'a.py', symbolKey: null, coveredBy: 'a.py::f' })]);
  });

  it(`names at most ${MAX_NAMED} files without code`, () => {
    const specs = Array.from({ length: MAX_NAMED + 3 }, (_, n) => ({ path: `f${String(n).padStart(2, '0')}.py`, score: 1 - n / 100, full: null, signature: null }));
    const result = run(specs, 1000);
    expect(result.placed).toHaveLength(MAX_NAMED);
    expect(result.evicted.map((e) => e.reason)).toEqual(Array(3).fill(`beyond the ${MAX_NAMED} files listed without code`));
  });

  it('shows a small whole file in full when it is strong enough, and its module-level excerpt when not whole', () => {
    const specs = [
      { path: 'small.py', score: 1.6, full: x(5), excerpt: null },
      { path: 'large.py', score: 1.5, full: null, excerpt: x(6), signature: x(3) },
    ];
    const result = run(specs, 6 + 7);
    expect(shown(result)).toEqual(['small.py=full', 'large.py=excerpt']);
  });
});

describe('allocate: duplicates', () => {
  it('skips a symbol whose whole file is already shown in full', () => {
    const specs = [
      { path: 'f.py', score: 2, full: x(10) },
      { path: 'f.py', symbol: 'g', full: x(3) },
    ];
    const result = run(specs, 100);
    expect(shown(result)).toEqual(['f.py=full']);
    expect(result.covered).toEqual([expect.objectContaining({ symbolKey: 'f.py::g', coveredBy: 'f.py' })]);
  });

  it('absorbs included symbols when their file is placed in full, and refunds them', () => {
    const specs = [
      { path: 'f.py', symbol: 'g', score: 2, full: x(3), lines: [2, 4] as [number, number] },
      { path: 'f.py', full: x(10) },
    ];
    const result = run(specs, 11);
    expect(shown(result)).toEqual(['f.py=full']);
    expect(result.covered.map((c) => c.symbolKey)).toEqual(['f.py::g']);
    expect(result.estimate).toBe(11);
  });

  it('treats an enclosing symbol like a whole file, by line range', () => {
    const specs = [
      { path: 'f.py', symbol: 'C', score: 2, full: x(10), lines: [1, 20] as [number, number] },
      { path: 'f.py', symbol: 'C.m', full: x(3), lines: [5, 8] as [number, number] },
      { path: 'f.py', symbol: 'D', full: x(3), lines: [21, 30] as [number, number] },
    ];
    const result = run(specs, 100);
    expect(shown(result)).toEqual(['f.py::C=full', 'f.py::D=full']);
    expect(result.covered.map((c) => c.symbolKey)).toEqual(['f.py::C.m']);
  });

  it('raises an item with the room a later absorption frees', () => {
    const specs = [
      { path: 'b.py', symbol: 'g1', score: 4, full: x(4), lines: [2, 3] as [number, number] },
      { path: 'b.py', symbol: 'g2', score: 3.5, full: x(4), lines: [5, 6] as [number, number] },
      { path: 'a.py', symbol: 'f', score: 3, full: x(10), signature: x(1) },
      { path: 'b.py', score: 1, full: x(7) },
    ];
    // g1 and g2 take 10; f in full would need 11 more, so it takes its signature (2); b.py in
    // full (8) absorbs g1 and g2 (10): 10 used, and f's full text now fits in 19.
    expect(shown(run(specs, 19))).toEqual(['a.py::f=full', 'b.py=full']);
    expect(shown(run(specs, 18))).toEqual(['a.py::f=signature', 'b.py=full']);
  });

  it('places an item that did not fit at first with the room a later absorption frees (CI property failure)', () => {
    const specs = [
      { path: 'a.py', symbol: 'f', score: 3, full: x(20), lines: [2, 5] as [number, number] },
      { path: 'b.py', score: 2, full: x(15), signature: null },
      { path: 'a.py', symbol: 'Outer', score: 1, full: x(3), lines: [1, 10] as [number, number] },
    ];
    // f takes 21 of 30; b.py (16) does not fit in the 9 left; Outer in full (4) absorbs f
    // and frees 21: 4 used, and b.py's code fits in the 26 left — not only its path line.
    const result = run(specs, 30);
    expect(shown(result)).toEqual(['b.py=full', 'a.py::Outer=full']);
    expect(result.estimate).toBe(20);
  });
});

describe('allocate: edges', () => {
  it('lists an edge only between files that show code, charged when the second one does', () => {
    const edges: FileEdge[] = [
      { from: 'a', to: 'b', relation: 'imports', weight: 1 },
      { from: 'a', to: 'c', relation: 'imports', weight: 1 },
    ];
    const specs = [
      { path: 'a', score: 3, full: x(1) },
      { path: 'b', score: 2, full: x(1) },
      { path: 'c', score: 0.5, full: null },
    ];
    // a in full (2), b in full and the edge a-b (3); c only by its path line (1): no edge a-c.
    const result = run(specs, 2 + 3 + 1, edges);
    expect(shown(result)).toEqual(['a=full', 'b=full', 'c=path']);
    expect(result.edges).toEqual([edges[0]]);
    expect(result.estimate).toBe(6);
  });

  it(`lists at most ${MAX_EDGES} edges, the strongest first`, () => {
    const files = Array.from({ length: MAX_EDGES + 3 }, (_, n) => `f${String(n).padStart(2, '0')}`);
    const edges: FileEdge[] = files.slice(1).map((to, n) => ({ from: files[0]!, to, relation: 'references', weight: n }));
    const result = run(files.map((path, n) => ({ path, score: 2 - n / 100, full: x(1) })), 1000, edges);
    expect(result.edges).toHaveLength(MAX_EDGES);
    expect(result.edges.map((edge) => edge.to)).toEqual(files.slice(1, MAX_EDGES + 1));
  });
});

describe('allocate: a file\'s model summary', () => {
  const withSummaries = (specs: CandidateSpec[], capacity: number, summaries: Record<string, number>): Allocation =>
    allocate(prioritize(specs.map(candidate)).slots, [], lengthCostModel(0, summaries), capacity);

  it('is charged once, with the first item of its file that is placed', () => {
    const specs = [
      { path: 'a.py', symbol: 'f', score: 2, full: x(10), lines: [1, 5] as [number, number] },
      { path: 'a.py', symbol: 'g', score: 1, full: x(10), lines: [6, 10] as [number, number] },
    ];
    // Two items of 11 and one summary of 5.
    const both = withSummaries(specs, 27, { 'a.py': 5 });
    expect(shown(both)).toEqual(['a.py::f=full', 'a.py::g=full']);
    expect(both.estimate).toBe(27);
    expect(shown(withSummaries(specs, 26, { 'a.py': 5 }))).toEqual(['a.py::f=full']);
  });

  it('comes with a file listed by its path, and keeps out a file whose path line and summary do not fit', () => {
    const specs = [{ path: 'named.py', score: 0.1, full: null, signature: null }];
    expect(withSummaries(specs, 6, { 'named.py': 5 }).estimate).toBe(6);
    expect(withSummaries(specs, 5, { 'named.py': 5 }).evicted).toEqual([expect.objectContaining({ path: 'named.py' })]);
  });
});
