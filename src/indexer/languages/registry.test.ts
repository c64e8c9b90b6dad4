import { describe, expect, it } from 'vitest';
import { AST_LANGUAGES, type AstLanguage } from '../../core/entities.js';
import { ExtractionError, isExtractionError } from './errors.js';
import { loadGrammar } from './grammars.js';
import { pythonSpec } from './python.js';
import { astExtractorFor, ExtractorRegistry } from './registry.js';
import { bytesOf, readFixture } from './test-support.fixture.js';
import { TreeSitterExtractor } from './tree-extractor.js';

const FIXTURES: Record<AstLanguage, [string, string]> = {
  python: ['widgets.py', 'pkg/widgets.py'],
  typescript: ['widget-store.ts.txt', 'src/widget-store.ts'],
  tsx: ['item-list.tsx.txt', 'src/ItemList.tsx'],
  javascript: ['loader.js', 'lib/loader.js'],
  go: ['server.go', 'server/server.go'],
  rust: ['shapes.rs', 'src/shapes.rs'],
  java: ['Outer.java', 'src/Outer.java'],
};

/** A generated Python module of about `targetChars` characters with non-ASCII text in every function. */
function generatedPython(targetChars: number): { source: string; functions: number } {
  const parts: string[] = [];
  let length = 0;
  let functions = 0;
  while (length < targetChars) {
    const part = `def f${functions}(x):\n    """Ré ${functions} 日本 😀."""\n    return g${functions}(x)\n\n`;
    parts.push(part);
    length += part.length;
    functions++;
  }
  return { source: parts.join(''), functions };
}

describe('astExtractorFor', () => {
  it('has one reused extractor per tree-sitter language and none for the others', () => {
    for (const language of AST_LANGUAGES) {
      const extractor = astExtractorFor(language);
      expect(extractor?.language).toBe(language);
      expect(astExtractorFor(language)).toBe(extractor);
    }
    expect(astExtractorFor('c')).toBeNull();
    expect(astExtractorFor('markdown')).toBeNull();
    expect(astExtractorFor('other')).toBeNull();
  });
});

describe('determinism', () => {
  it.each(AST_LANGUAGES)('%s: the same input gives byte-identical output across calls and parsers', (language) => {
    const [fixture, path] = FIXTURES[language];
    const source = readFixture(fixture);
    const first = new ExtractorRegistry().extractorFor(language);
    const second = new ExtractorRegistry().extractorFor(language);
    const a = JSON.stringify(first?.extract(path, source));
    expect(a.length).toBeGreaterThan(500);
    expect(JSON.stringify(first?.extract(path, source))).toBe(a);
    expect(JSON.stringify(second?.extract(path, source))).toBe(a);
  });
});

describe('large inputs', () => {
  it('extracts a 900 KiB generated file with correct byte offsets to the end', () => {
    const { source, functions } = generatedPython(900 * 1024);
    const result = astExtractorFor('python')?.extract('gen.py', source);
    expect(result?.parseNote).toBeNull();
    expect(result?.symbols).toHaveLength(functions);
    const last = result?.symbols[functions - 1];
    expect(last?.name).toBe(`f${functions - 1}`);
    expect(last?.doc).toBe(`Ré ${functions - 1} 日本 😀.`);
    expect(bytesOf(source, last!)).toBe(`def f${functions - 1}(x):\n    """Ré ${functions - 1} 日本 😀."""\n    return g${functions - 1}(x)`);
    expect(last?.endByte).toBe(Buffer.byteLength(source.trimEnd()));
  });

  it('keeps offsets right when a surrogate pair straddles the binding\'s 32 KiB chunk edge', () => {
    for (const shift of [0, 1, 2]) {
      const padding = `# ${'x'.repeat(32766 - 2 - shift)}`;
      const source = `${padding}😀\ndef after():\n    pass\n`;
      const [symbol] = astExtractorFor('python')?.extract('edge.py', source).symbols ?? [];
      expect(symbol?.startByte).toBe(Buffer.byteLength(source.slice(0, source.indexOf('def after'))));
      expect(bytesOf(source, symbol!)).toBe('def after():\n    pass');
    }
  });

  it('extracts TypeScript beyond 32 KiB', () => {
    const body = Array.from({ length: 1500 }, (_, i) => `export function fn${i}(a: Arg${i}): void { call${i}(a); }\n`).join('');
    const result = astExtractorFor('typescript')?.extract('big.ts', body);
    expect(body.length).toBeGreaterThan(64 * 1024);
    expect(result?.symbols).toHaveLength(1500);
    expect(result?.references.filter((r) => r.kind === 'call')).toHaveLength(1500);
  });
});

describe('parser failure', () => {
  it('throws ExtractionError when the parser gives up without a tree', () => {
    const extractor = new TreeSitterExtractor(pythonSpec, loadGrammar('python'), { parseTimeoutMicros: 1 });
    const { source } = generatedPython(400 * 1024);
    let caught: unknown;
    try {
      extractor.extract('slow.py', source);
    } catch (error) {
      caught = error;
    }
    expect(isExtractionError(caught)).toBe(true);
    expect(caught).toBeInstanceOf(ExtractionError);
    expect((caught as ExtractionError).code).toBe('INTERNAL');
    expect((caught as ExtractionError).path).toBe('slow.py');
  });
});
