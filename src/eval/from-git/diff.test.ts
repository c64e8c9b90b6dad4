import { describe, expect, it } from 'vitest';
import { parseHunkHeaders, parseNameStatus } from './diff.js';

describe('diff parsing', () => {
  it('reads -z name-status output, paths with spaces and tabs included', () => {
    expect(parseNameStatus('M\0a b.py\0A\0new\tfile.py\0D\0old.py\0')).toEqual([
      { status: 'M', path: 'a b.py' },
      { status: 'A', path: 'new\tfile.py' },
      { status: 'D', path: 'old.py' },
    ]);
    expect(parseNameStatus('')).toEqual([]);
  });

  it('reads old-side ranges from hunk headers, a missing count meaning one line', () => {
    const diff = [
      'diff --git a/x.py b/x.py',
      '--- a/x.py',
      '+++ b/x.py',
      '@@ -8 +8 @@ def apply(total):',
      '-    return a',
      '+    return b',
      '@@ -14,0 +15,4 @@ def tax():',
      '@@ -30,3 +34,0 @@',
      '+@@ -99,1 +99,1 @@ not a header: added text',
    ].join('\n');
    expect(parseHunkHeaders(diff)).toEqual([
      { start: 8, count: 1 },
      { start: 14, count: 0 },
      { start: 30, count: 3 },
    ]);
  });
});
