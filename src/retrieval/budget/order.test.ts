import { describe, expect, it } from 'vitest';

import { isCairnError } from '../../core/errors.js';
import { candidate } from './candidates.fixture.js';
import { contains, prioritize } from './order.js';

describe('prioritize', () => {
  it('orders by score descending, then tier, then identity', () => {
    const { slots } = prioritize([
      candidate({ path: 'strong', tier: 2, score: 9 }),
      candidate({ path: 'b', tier: 1, score: 0.5 }),
      candidate({ path: 'a', tier: 1, score: 0.5 }),
      candidate({ path: 'seed', tier: 0, score: 0.5 }),
      candidate({ path: 'weak', tier: 0, score: -3 }),
    ]);
    expect(slots.map((s) => s.identity)).toEqual(['strong', 'seed', 'a', 'b', 'weak']);
    expect(slots.map((s) => s.rank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the strongest of repeated identities and records the others', () => {
    const { slots, duplicates } = prioritize([
      candidate({ path: 'f.py', symbol: 'g', tier: 2 }),
      candidate({ path: 'f.py', symbol: 'g', tier: 0 }),
      candidate({ path: 'f.py', tier: 1 }),
    ]);
    expect(slots.map((s) => [s.identity, s.item.provenance.tier])).toEqual([
      ['f.py::g', 0],
      ['f.py', 1],
    ]);
    expect(duplicates).toEqual([expect.objectContaining({ symbolKey: 'f.py::g', tier: 2, coveredBy: 'f.py::g' })]);
  });

  it('lowers the ceiling to the highest detail that has a text', () => {
    const { slots } = prioritize([
      candidate({ path: 'a', full: 'x', signature: 's' }),
      candidate({ path: 'b', full: null, signature: 's' }),
      candidate({ path: 'c', full: null, signature: null }),
      candidate({ path: 'd', detail: 'signature', full: 'x', signature: null }),
    ]);
    expect(slots.map((s) => s.ceiling)).toEqual(['full', 'signature', 'path', 'path']);
  });

  it.each([
    ['a negative tier', { tier: -1 }],
    ['a fractional tier', { tier: 0.5 }],
    ['a NaN score', { score: Number.NaN }],
  ])('rejects a candidate with %s as an internal error', (_name, spec) => {
    try {
      prioritize([candidate({ path: 'a', ...spec })]);
      expect.unreachable();
    } catch (error) {
      expect(isCairnError(error) && error.code).toBe('INTERNAL');
    }
  });
});

describe('contains', () => {
  const { slots } = prioritize([
    candidate({ path: 'f.py', tier: 0 }),
    candidate({ path: 'f.py', symbol: 'C', tier: 1, lines: [1, 20] }),
    candidate({ path: 'f.py', symbol: 'C.m', tier: 2, lines: [5, 8] }),
    candidate({ path: 'g.py', symbol: 'C.m', tier: 3, lines: [5, 8] }),
  ]);
  const [file, cls, method, other] = slots;

  it('a whole file contains its symbols; a symbol contains what lies within its lines', () => {
    if (!file || !cls || !method || !other) throw new Error('four slots');
    expect(contains(file, cls)).toBe(true);
    expect(contains(file, method)).toBe(true);
    expect(contains(cls, method)).toBe(true);
    expect(contains(method, cls)).toBe(false);
    expect(contains(cls, file)).toBe(false);
    expect(contains(file, other)).toBe(false);
    expect(contains(file, file)).toBe(false);
  });
});
