import { describe, expect, it } from 'vitest';
import { accuracyAtK, goldFunctionKey, goldRanks, percentile, recallAtK, reciprocalRank, withoutOverloadSuffix } from './metrics.js';

describe('goldRanks', () => {
  it('gives each gold item its 1-based rank, null when absent, counting duplicates once', () => {
    const ranks = goldRanks(['b.py', 'z.py', 'd.py'], ['a.py', 'b.py', 'a.py', 'c.py', 'd.py']);
    expect([...ranks]).toEqual([
      ['b.py', 2],
      ['z.py', null],
      ['d.py', 4],
    ]);
  });
});

describe('Acc@k (localization definition)', () => {
  const ranks = goldRanks(['a', 'b', 'c'], ['x', 'a', 'b', 'y', 'c']);
  it('needs all gold items in the top k when there are fewer than k', () => {
    expect(accuracyAtK(ranks, 5)).toBe(1);
    expect(accuracyAtK(ranks, 4)).toBe(0); // c is 5th
    expect(accuracyAtK(ranks, 10)).toBe(1);
  });
  it('needs only k gold items when there are more gold items than k', () => {
    expect(accuracyAtK(ranks, 1)).toBe(0); // x is first
    expect(accuracyAtK(goldRanks(['a', 'b', 'c'], ['a', 'x']), 1)).toBe(1);
    expect(accuracyAtK(goldRanks(['a', 'b', 'c'], ['a', 'x', 'b']), 2)).toBe(0);
    expect(accuracyAtK(goldRanks(['a', 'b', 'c'], ['a', 'b', 'x']), 2)).toBe(1);
  });
  it('is 0 without gold items or without any hit', () => {
    expect(accuracyAtK(new Map(), 5)).toBe(0);
    expect(accuracyAtK(goldRanks(['a'], ['b', 'c']), 5)).toBe(0);
  });
});

describe('Recall@k and MRR', () => {
  const ranks = goldRanks(['a', 'b', 'c', 'd'], ['x', 'a', 'b', 'y', 'c']);
  it('counts the fraction of gold items within k', () => {
    expect(recallAtK(ranks, 1)).toBe(0);
    expect(recallAtK(ranks, 3)).toBe(0.5);
    expect(recallAtK(ranks, 5)).toBe(0.75);
  });
  it('takes the reciprocal rank of the first gold item, 0 when none is ranked', () => {
    expect(reciprocalRank(ranks)).toBe(0.5);
    expect(reciprocalRank(goldRanks(['q'], ['a', 'b']))).toBe(0);
  });
});

describe('percentile', () => {
  it('interpolates between closest ranks', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile(Array.from({ length: 21 }, (_, i) => i), 95)).toBe(19);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('function keys', () => {
  it('maps a dataset gold function to a cairn key and drops overload suffixes', () => {
    expect(goldFunctionKey('dask/local.py:get_async')).toBe('dask/local.py::get_async');
    expect(goldFunctionKey('src/a/b.py:Task.__init__')).toBe('src/a/b.py::Task.__init__');
    expect(goldFunctionKey('src/a.rs:Foo::bar')).toBe('src/a.rs::Foo::bar');
    expect(goldFunctionKey('x.py:f#2')).toBe('x.py::f');
    expect(goldFunctionKey('x.py::already')).toBe('x.py::already');
    expect(withoutOverloadSuffix('x.py::C.prop#3')).toBe('x.py::C.prop');
    expect(withoutOverloadSuffix('x.py::C.m2')).toBe('x.py::C.m2');
  });
});
