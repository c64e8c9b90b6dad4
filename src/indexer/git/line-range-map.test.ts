// Mapping a range of the newer file back through a `-U0` diff's hunks.

import { describe, expect, it } from 'vitest';
import { rangeBefore, splitHunks } from './line-range-map.js';

const hunks = (...headers: string[]): string[][] => headers.map((header) => [header]);

describe('rangeBefore', () => {
  it('moves each end by what the hunks before it added or removed', () => {
    // 3 lines added at the top, 1 removed after old line 20.
    const diff = hunks('@@ -0,0 +1,3 @@', '@@ -21 +23,0 @@');
    expect(rangeBefore(diff, { start: 8, end: 9 })).toEqual({ start: 5, end: 6 });
    expect(rangeBefore(diff, { start: 30, end: 31 })).toEqual({ start: 28, end: 29 });
  });

  it('takes an end inside a changed region to that region in the older file', () => {
    // Old lines 5-6 became new lines 5-8.
    const diff = hunks('@@ -5,2 +5,4 @@');
    expect(rangeBefore(diff, { start: 6, end: 7 })).toEqual({ start: 5, end: 6 });
    expect(rangeBefore(diff, { start: 2, end: 10 })).toEqual({ start: 2, end: 8 });
  });

  it('is null for a range added since (no line of it in the older file)', () => {
    expect(rangeBefore(hunks('@@ -7,0 +8,4 @@'), { start: 8, end: 11 })).toBeNull();
    expect(rangeBefore(hunks('@@ -7,0 +8,4 @@'), { start: 8, end: 12 })).toEqual({ start: 8, end: 8 });
  });

  it('reads hunks as printed, dropping file headers', () => {
    const diff = 'diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -4 +4,2 @@ def f():\n-    x=1\n+    x=2\n+    y=3\n';
    expect(splitHunks(diff)).toEqual([['@@ -4 +4,2 @@ def f():', '-    x=1', '+    x=2', '+    y=3']]);
  });
});
