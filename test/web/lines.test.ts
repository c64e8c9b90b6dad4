// The numbering of an item's code: the file's own line numbers, gaps that carry the lines
// left out, and no phantom line after a text's closing newline.

import { describe, expect, it } from 'vitest';
import { elisionMark } from '../../src/core/context-package.js';
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
    // The marks as the package writes them (core's elisionMark), so a change of their wording fails here.
    expect(numbers(`a\n  ${elisionMark(12, 40)}\nb`, 11, 'excerpt')).toEqual([11, '12-40', 41]);
    expect(numbers(`a\n  ${elisionMark(7, 7)}\nb`, 6, 'excerpt')).toEqual([6, '7-7', 8]);
  });

  it('leaves a signature unnumbered', () => {
    expect(numbers('1  Payments\n5    Charging', 1, 'signature')).toEqual([null, null]);
  });
});
