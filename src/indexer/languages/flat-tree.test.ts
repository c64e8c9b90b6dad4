// The native flat trees against the node binding's own cursors: the module is built, its
// cursors move and read exactly like TreeCursor, and extraction through either gives the
// same result — on cairn's own sources, the fixture repository and snippets in every
// grammar, broken ones included.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Parser from 'tree-sitter';
import { describe, expect, it } from 'vitest';
import type { AstLanguage } from '../../core/entities.js';
import { FlatParser } from './flat-tree.js';
import { loadGrammar, loadParserConstructor } from './grammars.js';
import { ExtractorRegistry } from './registry.js';
import type { SyntaxCursor } from './syntax-cursor.js';

const SNIPPETS: Record<AstLanguage, string[]> = {
  python: ['class A(B):\n    """Doc."""\n    def f(self, x: "C") -> int:\n        return g(x).h[0]\n', 'def broken(:\n    pass\nx = [1, 2\n', 's = "\\u00e9 \\n 𝒳"\nf"{a!r:>{w}}"\n'],
  typescript: ['export class A<T> extends B implements C { private x = 1; m(a: T): void { this.n(a); } }\n', 'function f( { return 1 }\nconst y = ;\n', 'import x, { y as z } from "./m";\nexport type U = A | B<"é">;\n'],
  tsx: ['export function App({ a }: P) { return <div onClick={() => go(a)}>{a.b}</div>; }\n', 'const x = <A><B></A>;\n'],
  javascript: ['module.exports = { f() { return require("./x").y(); } };\nclass K { #p = 1; static s() {} }\n', 'let a = (1 + ;\n'],
  go: ['package p\n\nimport "fmt"\n\ntype T struct{ A int }\n\nfunc (t *T) M() { fmt.Println(t.A) }\n', 'package p\nfunc f( {\n'],
  rust: ['mod m;\nuse crate::a::{b, c as d};\npub struct S<T> { x: T }\nimpl<T> S<T> { pub fn new(x: T) -> Self { Self { x } } }\n', 'fn f( -> {\n'],
  java: ['package p;\nimport java.util.List;\npublic class A extends B { @Override public int m(List<String> x) { return x.size(); } }\n', 'class C { void m( { }\n'],
};

const requireCjs = createRequire(import.meta.url);
const flat = FlatParser.load();

function bindingTree(language: AstLanguage, source: string): Parser.Tree {
  const ParserClass = loadParserConstructor();
  const parser = new ParserClass();
  parser.setLanguage(loadGrammar(language));
  return parser.parse(source, null, { bufferSize: source.length + 1 });
}

function snapshot(cursor: SyntaxCursor): string {
  const end = cursor.endPosition;
  return [cursor.nodeTypeId, cursor.nodeType, cursor.nodeIsNamed, cursor.currentFieldId || 0, cursor.currentFieldName ?? '', cursor.startIndex, cursor.endIndex, cursor.startPosition.row, end.row, end.column === 0].join('|');
}

/** Where a node is: what a previous-sibling move is compared by (see lockstep). */
function place(cursor: SyntaxCursor): string {
  return [cursor.nodeIsNamed, cursor.startIndex, cursor.endIndex, cursor.startPosition.row, cursor.endPosition.row].join('|');
}

/**
 * Walks two cursors in lockstep, pre-order, also trying parent and previous-sibling moves.
 * A previous-sibling move is compared by place only: the binding's cursor (tree-sitter
 * 0.25) drops an aliased node's alias on that move ("identifier" where a forward walk
 * sees "shorthand_property_identifier_pattern"), while a flat cursor keeps the type the
 * forward walk saw.
 */
function lockstep(a: SyntaxCursor, b: SyntaxCursor, probeA: SyntaxCursor, probeB: SyntaxCursor): number {
  let visited = 0;
  for (;;) {
    expect(snapshot(a)).toBe(snapshot(b));
    probeA.resetTo(a);
    probeB.resetTo(b);
    expect(probeA.gotoPreviousSibling()).toBe(probeB.gotoPreviousSibling());
    expect(place(probeA)).toBe(place(probeB));
    probeA.resetTo(a);
    probeB.resetTo(b);
    expect(probeA.gotoParent()).toBe(probeB.gotoParent());
    expect(snapshot(probeA)).toBe(snapshot(probeB));
    visited++;
    const down = a.gotoFirstChild();
    expect(b.gotoFirstChild()).toBe(down);
    if (down) continue;
    for (;;) {
      const next = a.gotoNextSibling();
      expect(b.gotoNextSibling()).toBe(next);
      if (next) break;
      const up = a.gotoParent();
      expect(b.gotoParent()).toBe(up);
      if (!up) return visited;
    }
  }
}

function sourceFiles(dir: string, suffixes: string[]): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => suffixes.some((suffix) => path.endsWith(suffix)))
    .map((path) => join(dir, path));
}

describe('flat trees', () => {
  it('are built by npm ci (binding.gyp), so extraction never silently runs the slow path', () => {
    expect(flat).not.toBeNull();
  });

  it.each(Object.keys(SNIPPETS) as AstLanguage[])('move and read like the node binding cursor (%s)', (language) => {
    const grammar = loadGrammar(language) as unknown as { language: unknown };
    const flatLanguage = flat!.language(grammar.language);
    for (const source of SNIPPETS[language]) {
      const tree = flat!.parse(source, flatLanguage)!;
      const reference = bindingTree(language, source);
      expect(tree.hasError).toBe(reference.rootNode.hasError);
      expect(lockstep(tree.walk(), reference.walk(), tree.walk(), reference.walk())).toBeGreaterThan(5);
    }
  });

  it('give the same extraction as the node binding on real sources and broken snippets', () => {
    const viaFlat = new ExtractorRegistry();
    const viaBinding = new ExtractorRegistry({ flat: false });
    const cairnSources = sourceFiles(fileURLToPath(new URL('../../', import.meta.url)), ['.ts']).map((path) => ({ language: 'typescript' as const, path, text: readFileSync(path, 'utf8') }));
    const shop = sourceFiles(fileURLToPath(new URL('../../../test/fixtures/repos/shop/', import.meta.url)), ['.py']).map((path) => ({ language: 'python' as const, path, text: readFileSync(path, 'utf8') }));
    const snippets = (Object.entries(SNIPPETS) as [AstLanguage, string[]][]).flatMap(([language, texts]) => texts.map((text, n) => ({ language, path: `snippet-${n}`, text })));
    const inputs = [...cairnSources, ...shop, ...snippets];
    expect(cairnSources.length).toBeGreaterThan(100);
    for (const { language, path, text } of inputs) {
      const expected = viaBinding.extractorFor(language)!.extract(path, text);
      expect(viaFlat.extractorFor(language)!.extract(path, text), path).toEqual(expected);
    }
  });

  it('start every parse afresh, even after one timed out', () => {
    const grammar = loadGrammar('python') as unknown as { language: unknown };
    const python = flat!.language(grammar.language);
    const huge = `x = [${'1, '.repeat(300_000)}]\n`;
    expect(flat!.parse(huge, python, 1)).toBeNull(); // 1 µs: stops part-way
    for (const source of SNIPPETS.python) {
      const tree = flat!.parse(source, python)!;
      const reference = bindingTree('python', source);
      expect(tree.hasError).toBe(reference.rootNode.hasError);
      expect(lockstep(tree.walk(), reference.walk(), tree.walk(), reference.walk())).toBeGreaterThan(5);
    }
  });

  it('give a parse arena back after each parse, keeping at most 16 MiB for the next one', () => {
    const native = requireCjs('../../../build/Release/flat_tree.node') as { parse(source: string, language: unknown, timeout: number): unknown; arenaBytes(): number };
    const python = (loadGrammar('python') as unknown as { language: unknown }).language;
    // ~600 KB of nested calls: its parse takes far more than 16 one-MiB chunks.
    const big = Array.from({ length: 8_000 }, (_, n) => `value_${n} = compute(alpha_${n}, [beta, gamma], {"k": delta_${n}})\n`).join('');
    const held: number[] = [];
    for (let run = 0; run < 3; run++) {
      native.parse(big, python, 0);
      held.push(native.arenaBytes());
    }
    expect(held[0]).toBeGreaterThan(0);
    expect(held[0]).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(held).toEqual([held[0], held[0], held[0]]);
  });

  it('refuse a value that is not a tree-sitter language, with an error rather than a crash', () => {
    const native = requireCjs('../../../build/Release/flat_tree.node') as { parse(source: string, language: unknown, timeout: number): unknown };
    expect(() => native.parse('x = 1', {}, 0)).toThrow(/not a tree-sitter language/);
  });
});
