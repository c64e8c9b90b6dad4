// The numbering of an item's code: the file's own line numbers, gaps that carry the lines
// left out, and no phantom line after a text's closing newline.

import { describe, expect, it } from 'vitest';
import { numberedLines } from '../../src/faces/web/client/lines.js';

const numbers = (text: string, first: number, detail = 'full'): (number | string | null)[] =>
  numberedLines(text, first, detail).map((line) => (line.kind === 'gap' ? `${line.first}-${line.last}` : line.number));

describe('numberedLines', () => {
  it('numbers from the item\'s first line', () => {
    expect(numbers('a\nb\nc', 22)).toEqual([22, 23, 24]);
  });

  it('a text ending with a newline has no empty line numbered after its last (regression: lines 1–17 showed 18 numbers)', () => {
    expect(numbers('a\nb\n', 16)).toEqual([16, 17]);
    expect(numbers('a\n\n', 1)).toEqual([1, 2]);
  });

  it('resumes the count after an excerpt\'s gap', () => {
    expect(numbers('a\n  ⋯ lines 12-40 not shown ⋯\nb', 11, 'excerpt')).toEqual([11, '12-40', 41]);
  });

  it('leaves a signature unnumbered', () => {
    expect(numbers('1  Payments\n5    Charging', 1, 'signature')).toEqual([null, null]);
  });
});
