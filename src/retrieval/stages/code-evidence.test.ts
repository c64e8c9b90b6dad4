import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolRecord } from '../../core/entities.js';
import { diskSources } from '../source/source-texts.js';
import { indexedFiles, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { TermMatcher } from '../source/term-matcher.js';
import { moduleLines, ownLines, scoreCode, unitRelevance } from './code-evidence.js';

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

describe('a plain word of the task in a compound name', () => {
  const PASTE = [
    'export class Editor {',
    '  addElementsFromPasteOrLibrary(items: Item[]) {',
    '    this.scene.insert(items);',
    '  }',
    '  unchanged(items: Item[]) {',
    '    return items;',
    '  }',
    '  onPointerMove(event: PointerEvent) {',
    '    this.selection.update(event);',
    '    if (this.selection.empty) this.selection.reset();',
    '  }',
    '}',
    '',
  ].join('\n');
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFiles({ 'editor.ts': PASTE });
  });
  afterAll(() => repo.close());

  // "initialize selection after pasting, unchanged otherwise": no name of the task is code.
  const all = new TermMatcher(new Map([['past', 1], ['pasting', 1], ['unchang', 1], ['unchanged', 1], ['selection', 1]]));
  const names = new TermMatcher(new Map());
  const relevance = (prose: number, key: string): number => {
    const evidence = scoreCode(repo.ports.reader, diskSources(repo.ports.root), ['editor.ts'], all, names, prose);
    return unitRelevance(evidence.files.get('editor.ts')!.units.find((unit) => unit.key === `editor.ts::${key}`)!, evidence);
  };

  it('counts, at the weight asked, as naming the definition (pasting → addElementsFromPasteOrLibrary)', () => {
    expect(relevance(0, 'Editor.addElementsFromPasteOrLibrary')).toBeLessThan(relevance(0, 'Editor.onPointerMove'));
    expect(relevance(0.5, 'Editor.addElementsFromPasteOrLibrary')).toBeGreaterThan(relevance(0.5, 'Editor.onPointerMove'));
  });

  it('never when the word is the whole name (a helper called unchanged)', () => {
    const unchanged = scoreCode(repo.ports.reader, diskSources(repo.ports.root), ['editor.ts'], all, names, 0.5).files.get('editor.ts')!.units.find((unit) => unit.key === 'editor.ts::Editor.unchanged')!;
    expect(unchanged.name).toBe(0);
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
