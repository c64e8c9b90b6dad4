import { describe, expect, it } from 'vitest';
import { verbatimProblem } from '../../../test/support/verbatim.js';
import type { DocChunk, SymbolRecord } from '../../core/entities.js';
import { SourceLines } from '../../core/source-lines.js';
import { codeOutline, docOutline, symbolSignature } from './outline.js';

function symbol(qualifiedName: string, lines: [number, number], signatureEndLine = lines[0]): SymbolRecord {
  const name = qualifiedName.split('.').pop()!;
  return { key: `a.py::${qualifiedName}`, path: 'a.py', name, qualifiedName, kind: 'function', signature: '', doc: null, startByte: 0, endByte: 0, startLine: lines[0], endLine: lines[1], signatureEndLine, parent: null, exported: true, method: 'ast' };
}

const PYTHON = [
  'import os', // 1
  '', // 2
  'class Cart:', // 3
  '    """A cart.', // 4
  '', // 5
  '    More about carts.', // 6
  '    """', // 7
  '', // 8
  '    @cached', // 9
  '    def total(', // 10
  '        self,', // 11
  '        tax: float = 0.2,', // 12
  '    ) -> float:', // 13
  '        """Subtotal after discount, plus tax."""', // 14
  '        sub = self.sub', // 15
  '        rate = 1 + tax', // 16
  '        return sub * rate', // 17
  '', // 18
  'def helper(): return 1', // 19
].join('\n');

describe('signatures, as written (issue 21)', () => {
  const lines = SourceLines.of(PYTHON);

  it('is the header lines from the decorator to the line that opens the body, then the docstring summary, then one gap', () => {
    const total = symbol('Cart.total', [9, 17], 13);
    const signature = symbolSignature(lines, total, 'python');
    expect(signature).toBe(['    @cached', '    def total(', '        self,', '        tax: float = 0.2,', '    ) -> float:', '        """Subtotal after discount, plus tax."""', '        ⋯ lines 15-17 not shown ⋯'].join('\n'));
    expect(verbatimProblem(PYTHON, 9, 17, signature)).toBeNull();
  });

  it('keeps a docstring\'s first paragraph only; shows a one-line definition, or one with a line or two more, whole', () => {
    expect(symbolSignature(lines, symbol('Cart', [3, 17]), 'python').split('\n')).toEqual(['class Cart:', '    """A cart.', '    ⋯ lines 5-17 not shown ⋯']);
    expect(symbolSignature(lines, symbol('helper', [19, 19]), 'python')).toBe('def helper(): return 1');
    expect(symbolSignature(lines, symbol('Cart.total', [9, 16], 13), 'python')).toBe(lines.slice(9, 16));
  });

  it('never joins or cuts a line: a multi-line TypeScript header with comments stays as it is (regression: hono Context)', () => {
    const ts = ['export class Context<', '  // eslint-disable-next-line @typescript-eslint/no-explicit-any', '  E extends Env = any,', '> {', '  x = 1', '  y = 2', '}'].join('\n');
    const signature = symbolSignature(SourceLines.of(ts), symbol('Context', [1, 7], 4), 'typescript');
    expect(signature.split('\n')).toEqual(['export class Context<', '  // eslint-disable-next-line @typescript-eslint/no-explicit-any', '  E extends Env = any,', '> {', '  ⋯ lines 5-7 not shown ⋯']);
  });
});

describe('outlines', () => {
  it('is every definition\'s header lines with gap marks between (the file\'s own lines)', () => {
    const outline = codeOutline(SourceLines.of(PYTHON), [symbol('Cart.total', [9, 17], 13), symbol('Cart', [3, 17]), symbol('helper', [19, 19])])!;
    expect(outline.split('\n')).toEqual([
      '⋯ lines 1-2 not shown ⋯',
      'class Cart:',
      '    ⋯ lines 4-8 not shown ⋯',
      '    @cached',
      '    def total(',
      '        self,',
      '        tax: float = 0.2,',
      '    ) -> float:',
      '⋯ lines 14-18 not shown ⋯',
      'def helper(): return 1',
    ]);
    expect(verbatimProblem(PYTHON, 1, 19, outline)).toBeNull();
    expect(codeOutline(SourceLines.of(PYTHON), [])).toBeNull();
  });

  it("is a document's heading lines, each once, underlines included", () => {
    const text = ['Guide', '=====', '', 'Intro.', '', '## Install', '', 'Run it.', '', 'More.'].join('\n');
    const chunk = (headingPath: string[], startLine: number): DocChunk => ({ id: `c${startLine}`, path: 'd.md', headingPath, text: '', startLine, endLine: startLine });
    const outline = docOutline(SourceLines.of(text), [chunk(['Guide', 'Install'], 6), chunk(['Guide'], 1), chunk(['Guide', 'Install'], 9), chunk([], 10)])!;
    expect(outline.split('\n')).toEqual(['Guide', '=====', '⋯ lines 3-5 not shown ⋯', '## Install', '⋯ lines 7-10 not shown ⋯']);
    expect(verbatimProblem(text, 1, 10, outline)).toBeNull();
    expect(docOutline(SourceLines.of(text), [chunk([], 1)])).toBeNull();
  });
});
