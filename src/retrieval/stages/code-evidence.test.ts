import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolRecord } from '../../core/entities.js';
import { diskSources } from '../source/source-texts.js';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { TermMatcher } from '../source/term-matcher.js';
import { bestWindow, moduleLines, ownLines, scoreCode, unitRelevance } from './code-evidence.js';

const PRINTER = `"""Printing."""

INVERSE_TRIG = {"asin": "arcsin", "acos": "arccos"}


class LatexPrinter:
    """Prints LaTeX."""

    mode = "inline"

    def left(self, text):
        return "\\\\left(" + text

    def right(self, text):
        return text + "\\\\right)"

    def _print_Function(self, expr):
        name = INVERSE_TRIG.get(expr.func, expr.func)
        if expr.func in INVERSE_TRIG:
            return "\\\\operatorname{" + name + "}"
        return name
`;

describe('scoreCode', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFiles({ 'printer.py': PRINTER });
  });
  afterAll(() => repo.close());

  it('ranks a definition by what its own text says, not by a common word in its name', () => {
    // As the task analysis weighs them: the title's words high, words of pasted output low.
    const terms = new TermMatcher(new Map([['left', 0.6], ['right', 0.6], ['inverse', 2.5], ['trig', 2.5], ['function', 1.5], ['asin', 1]]));
    const evidence = scoreCode(repo.ports.reader, diskSources(repo.ports.root), ['printer.py'], terms);
    const units = evidence.files.get('printer.py')!.units;
    const relevance = (key: string) => unitRelevance(units.find((unit) => unit.key === key)!, evidence);
    expect(relevance('printer.py::LatexPrinter._print_Function')).toBeGreaterThan(relevance('printer.py::LatexPrinter.left'));
    expect(relevance('printer.py::LatexPrinter._print_Function')).toBeGreaterThan(relevance('printer.py::LatexPrinter.right'));
    // The INVERSE_TRIG table is a definition of its own (a constant): its text counts too.
    expect(relevance('printer.py::INVERSE_TRIG')).toBeGreaterThan(relevance('printer.py::LatexPrinter.right'));
  });
});

/** A Python class with a 400-line method whose task terms cluster in ten lines, and a short method that names one once. */
function longMethodSource(): string {
  const body = Array.from({ length: 400 }, (_, i) => (i >= 300 && i < 310 ? `        self.paste_arrows(selected_linear_element_${i})` : `        step_${i} = compute(${i})`));
  return ['class Editor:', '    def handle_pointer(self, event):', ...body, '', '    def on_key(self, event):', '        self.selected = event.selected', '        return event', ''].join('\n');
}

describe('scoreCode, long definitions (issue 27)', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFiles({ 'editor.py': longMethodSource() });
  });
  afterAll(() => repo.close());

  it('long method ranks by its best window: a dense cluster of the task\'s terms in a 400-line body is not normalised away', () => {
    const terms = new TermMatcher(new Map([['paste', 2], ['arrows', 2], ['selected', 1], ['linear', 1]]));
    const evidence = scoreCode(repo.ports.reader, diskSources(repo.ports.root), ['editor.py'], terms);
    const units = evidence.files.get('editor.py')!.units;
    const relevance = (key: string) => unitRelevance(units.find((unit) => unit.key === key)!, evidence);
    expect(relevance('editor.py::Editor.handle_pointer')).toBeGreaterThan(relevance('editor.py::Editor.on_key'));
  });
});

describe('bestWindow', () => {
  it('returns the consecutive own lines of largest summed weight, the first when tied', () => {
    const weights = [0, 1, 0, 0, 2, 2, 0, 1];
    expect(bestWindow([1, 2, 3, 4, 5, 6, 7, 8], weights, 2)).toEqual([5, 6]);
    expect(bestWindow([1, 2, 3, 4], [1, 0, 0, 1], 1)).toEqual([1]);
    // Own lines skip a method's: the window is consecutive in the definition's own lines.
    expect(bestWindow([1, 2, 7, 8], [0, 1, 0, 0, 0, 0, 3, 0], 2)).toEqual([2, 7]);
    expect(bestWindow([3, 4], weights, 5)).toEqual([3, 4]);
  });
});

describe('ownLines and moduleLines', () => {
  const lines = PRINTER.split('\n');
  const symbol = (qualifiedName: string, kind: SymbolRecord['kind'], startLine: number, endLine: number): SymbolRecord => ({
    key: `p.py::${qualifiedName}`, path: 'p.py', name: qualifiedName.split('.').pop()!, qualifiedName, kind, signature: '', doc: null,
    startByte: 0, endByte: 0, startLine, endLine, signatureEndLine: startLine, parent: qualifiedName.includes('.') ? qualifiedName.split('.')[0]! : null, exported: true, method: 'ast',
  });
  const symbols = [symbol('LatexPrinter', 'class', 6, 21), symbol('LatexPrinter.left', 'method', 11, 12), symbol('LatexPrinter.right', 'method', 14, 15), symbol('LatexPrinter._print_Function', 'method', 17, 21)];

  const join = (numbers: number[]) => numbers.map((line) => lines[line - 1]).join('\n');
  const ownLinesText = (symbol: SymbolRecord) => join(ownLines(symbol, symbols, lines.length));
  const moduleLinesText = () => join(moduleLines(symbols, lines.length));

  it('gives a class its header and fields, without its methods', () => {
    const text = ownLinesText(symbols[0]!);
    expect(text).toContain('class LatexPrinter:');
    expect(text).toContain('mode = "inline"');
    expect(text).not.toContain('def left');
  });

  it('gives a module its lines outside every top-level definition', () => {
    const text = moduleLinesText();
    expect(text).toContain('INVERSE_TRIG = {');
    expect(text).not.toContain('class LatexPrinter');
  });
});
