import { describe, expect, it } from 'vitest';
import { alignBlock, shownLines } from './shown-lines.js';

const FILE = ['class Cart:', '    def total(self):', '        x = 1', '', '        return x', '', 'def other():', '    return 2'];

describe('alignBlock', () => {
  it('matches a symbol text cut from mid-line (no leading indentation) to its lines', () => {
    expect(alignBlock(FILE, 'def total(self):\n        x = 1\n\n        return x', 2)).toEqual([2, 3, 4, 5]);
  });

  it('credits nothing for lines that are not in the file (elision marks, rewritten signatures)', () => {
    expect(alignBlock(FILE, 'def total(self) -> int:\n    # … 2 lines elided …\n        return x', 2)).toEqual([5]);
  });

  it('searches onward from the claimed start only, so a block cannot claim earlier lines', () => {
    expect(alignBlock(FILE, 'class Cart:', 3)).toEqual([]);
  });

  it('matches a blank text line only against a blank file line at the current position', () => {
    expect(alignBlock(FILE, '\n\nclass Cart:', 1)).toEqual([1]);
  });
});

describe('shownLines', () => {
  it('unions the blocks of each file and skips files it cannot read', () => {
    const lines = (path: string) => (path === 'a.py' ? FILE : null);
    const shown = shownLines(
      [
        { path: 'a.py', startLine: 7, text: 'def other():\n    return 2', tokens: 5 },
        { path: 'a.py', startLine: 1, text: 'class Cart:', tokens: 2 },
        { path: 'gone.py', startLine: 1, text: 'class Cart:', tokens: 2 },
      ],
      lines,
    );
    expect([...shown.keys()]).toEqual(['a.py']);
    expect([...shown.get('a.py')!].sort((a, b) => a - b)).toEqual([1, 7, 8]);
  });
});
