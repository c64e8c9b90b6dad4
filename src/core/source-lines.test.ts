import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verbatimProblem } from '../../test/support/verbatim.js';
import { SourceLines } from './source-lines.js';

describe('SourceLines', () => {
  it('counts lines as the index does: a final line break opens no line', () => {
    expect(SourceLines.of('').count).toBe(0);
    expect(SourceLines.of('a').count).toBe(1);
    expect(SourceLines.of('a\n').count).toBe(1);
    expect(SourceLines.of('a\n\n').count).toBe(2);
    expect(SourceLines.of('a\r\nb').count).toBe(2);
  });

  it('cuts lines as written: indentation, tabs, trailing spaces and "\\r\\n" kept, the last break left out', () => {
    const lines = SourceLines.of('class A:\r\n\tdef f(self):  \r\n\t\treturn 1\r\n');
    expect(lines.slice(2, 3)).toBe('\tdef f(self):  \r\n\t\treturn 1');
    expect(lines.line(2)).toBe('\tdef f(self):  ');
    expect(lines.breakAfter(2)).toBe('\r\n');
    expect(lines.breakAfter(3)).toBe('\r\n');
    expect(SourceLines.of('x\ny').breakAfter(2)).toBe('');
    expect(lines.slice(0, 99)).toBe('class A:\r\n\tdef f(self):  \r\n\t\treturn 1');
  });

  it('marks each run of left-out lines with one whole line naming them, ending in the break of the last one', () => {
    const lines = SourceLines.of('def f():\r\n    a = 1\r\n    b = 2\r\n    return a\r\n');
    const excerpt = lines.excerpt(1, 4, (line) => line === 1 || line === 4);
    expect(excerpt).toBe('def f():\r\n    ⋯ lines 2-3 not shown ⋯\r\n    return a');
    expect(lines.excerpt(1, 4, (line) => line === 1)).toBe('def f():\r\n    ⋯ lines 2-4 not shown ⋯');
    expect(lines.excerpt(1, 4, () => true)).toBe(lines.slice(1, 4));
  });

  it('is the file\'s own lines with whole-line gap marks between, for any text and any choice of lines', () => {
    const char = fc.constantFrom('a', ' ', '\t', '\r', '\n', '\r\n', '⋯', 'é', '😀', '"', '{');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 60 }), fc.array(fc.boolean(), { maxLength: 30 }), fc.nat(), fc.nat(), (chars, flags, a, b) => {
        const text = chars.join('');
        const lines = SourceLines.of(text);
        if (lines.count === 0) return;
        const first = 1 + (a % lines.count);
        const last = first + (b % (lines.count - first + 1));
        const keep = (line: number) => flags[line % Math.max(1, flags.length)] ?? true;
        expect(verbatimProblem(text, first, last, lines.slice(first, last))).toBeNull();
        expect(verbatimProblem(text, first, last, lines.excerpt(first, last, keep))).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('verbatimProblem', () => {
  const file = 'class A:\n    def f(self):\n        return 1\n';

  it('refuses a first line that lost its indentation (issue 21)', () => {
    expect(verbatimProblem(file, 2, 3, '    def f(self):\n        return 1')).toBeNull();
    expect(verbatimProblem(file, 2, 3, 'def f(self):\n        return 1')).toMatch(/not line 2/);
  });

  it('refuses a joined or cut line, a gap mark naming other lines, two marks in a row, and a short text', () => {
    expect(verbatimProblem(file, 1, 3, 'class A: def f(self):\n        return 1')).toMatch(/not line 1/);
    expect(verbatimProblem(file, 1, 3, 'class A:\n    def f(se')).toMatch(/not line 2/);
    expect(verbatimProblem(file, 1, 3, 'class A:\n    ⋯ lines 3-3 not shown ⋯\n        return 1')).toMatch(/should be 2/);
    expect(verbatimProblem(file, 1, 3, 'class A:\n    ⋯ line 2 not shown ⋯\n    ⋯ line 3 not shown ⋯')).toMatch(/after another/);
    expect(verbatimProblem(file, 1, 3, 'class A:\n    def f(self):')).toMatch(/ends at line 2/);
    expect(verbatimProblem(file, 1, 3, 'class A:\n    ⋯ lines 2-3 not shown ⋯')).toBeNull();
  });

  it('refuses line breaks other than the file\'s', () => {
    const crlf = 'a\r\nb\r\nc';
    expect(verbatimProblem(crlf, 1, 3, 'a\r\nb\r\nc')).toBeNull();
    expect(verbatimProblem(crlf, 1, 3, 'a\nb\nc')).toMatch(/not line 1/);
    expect(verbatimProblem(crlf, 1, 3, 'a\r\n⋯ line 2 not shown ⋯\nc')).toMatch(/line break/);
  });
});
