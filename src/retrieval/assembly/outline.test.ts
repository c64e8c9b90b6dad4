import { describe, expect, it } from 'vitest';
import type { DocChunk, SymbolRecord } from '../../core/entities.js';
import { codeOutline, docOutline, symbolSignature } from './outline.js';

function symbol(qualifiedName: string, lines: [number, number], signature: string, doc: string | null = null): SymbolRecord {
  const name = qualifiedName.split('.').pop()!;
  return { key: `a.py::${qualifiedName}`, path: 'a.py', name, qualifiedName, kind: 'function', signature, doc, startByte: 0, endByte: 0, startLine: lines[0], endLine: lines[1], parent: null, exported: true, method: 'ast' };
}

describe('outlines', () => {
  it('lists definitions in source order, nested by qualified name, with line ranges and first doc lines', () => {
    const outline = codeOutline([
      symbol('Cart.total', [31, 34], 'def total(self) -> float:', 'Subtotal after discount, plus tax.\nMore.'),
      symbol('Cart', [15, 34], 'class Cart:'),
      symbol('helper', [40, 41], 'def helper():'),
    ]);
    expect(outline).toBe(['15-34  class Cart:', '31-34    def total(self) -> float:  — Subtotal after discount, plus tax.', '40-41  def helper():'].join('\n'));
    expect(codeOutline([])).toBeNull();
  });

  it("lists a document's headings once each, indented by level", () => {
    const chunk = (headingPath: string[], startLine: number): DocChunk => ({ id: `c${startLine}`, path: 'd.md', headingPath, text: '', startLine, endLine: startLine });
    expect(docOutline([chunk(['Guide', 'Install'], 5), chunk(['Guide'], 1), chunk(['Guide', 'Install'], 9), chunk([], 12)])).toBe('1  Guide\n5    Install');
    expect(docOutline([chunk([], 1)])).toBeNull();
  });

  it('writes a signature with its docstring the way the language does', () => {
    const total = symbol('Cart.total', [31, 34], 'def total(self) -> float:', 'Subtotal after discount.');
    expect(symbolSignature(total, 'python')).toBe('def total(self) -> float:\n    """Subtotal after discount."""');
    expect(symbolSignature({ ...total, signature: 'function total(): number', doc: 'Two\nlines' }, 'typescript')).toBe('// Two\n// lines\nfunction total(): number');
    expect(symbolSignature({ ...total, doc: null }, 'python')).toBe('def total(self) -> float:');
  });
});
