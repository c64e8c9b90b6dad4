// The encoder must produce exactly what the regex implementation it replaced produced
// (search-text-oracle.fixture.ts): the query side tokenizes the same way, and indexes
// built before must not change (SEARCH_TEXT_VERSION is unchanged).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntityKey, SymbolRecord } from './entities.js';
import { SearchTextEncoder, searchTextOf, type SearchTextSource } from './search-text.js';
import { OracleSearchTextEncoder, oracleFtsText, oraclePathTokens, oracleSearchTextOf } from './search-text-oracle.fixture.js';
import { anyText, codeText, identifier, repositoryPath } from './tokenizer-arbitraries.fixture.js';

/** A file's text of several lines, some repeated. */
const fileText = fc
  .array(fc.oneof({ weight: 4, arbitrary: codeText }, { weight: 1, arbitrary: fc.constantFrom('', '    return self.args', '\r') }), { maxLength: 30 })
  .map((lines) => lines.join('\n'));

/** 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * A symbol-body-like part of `text`, as symbol-bodies.ts makes them: a range with inner
 * ranges (members) cut out, the pieces joined by "\n"; with the range's lines.
 */
function partOf(text: string, cuts: number[]): { part: string; firstLine: number; lastLine: number } {
  const offsets = cuts.map((cut) => cut % (text.length + 1)).sort((a, b) => a - b);
  const start = offsets[0] ?? 0;
  const end = offsets[offsets.length - 1] ?? text.length;
  const pieces: string[] = [];
  let cursor = start;
  for (let index = 1; index + 1 < offsets.length - 1; index += 2) {
    pieces.push(text.slice(cursor, offsets[index]));
    cursor = offsets[index + 1]!;
  }
  pieces.push(text.slice(cursor, end));
  return { part: pieces.join('\n'), firstLine: lineAt(text, start), lastLine: lineAt(text, end) };
}

describe('SearchTextEncoder, against the regex reference', () => {
  it('text matches ftsText, one memo across calls', () => {
    const encoder = new SearchTextEncoder();
    fc.assert(fc.property(anyText, (text) => {
      expect(encoder.text(text)).toBe(oracleFtsText(text));
    }), { numRuns: 3000 });
    expect(encoder.text(null)).toBe('');
    expect(encoder.text('')).toBe('');
  });

  it('fileText matches ftsText, and filePart matches it on parts of the file, whatever the line hints', () => {
    const encoder = new SearchTextEncoder();
    const cuts = fc.array(fc.nat(), { minLength: 1, maxLength: 7 });
    const hints = fc.option(fc.tuple(fc.integer({ min: -3, max: 40 }), fc.integer({ min: -3, max: 40 })));
    fc.assert(fc.property(fileText, fc.array(fc.tuple(cuts, hints), { maxLength: 6 }), (text, parts) => {
      expect(encoder.fileText(text)).toBe(oracleFtsText(text));
      for (const [partCuts, wrongHints] of parts) {
        const { part, firstLine, lastLine } = partOf(text, partCuts);
        const [first, last] = wrongHints ?? [firstLine, lastLine];
        expect(encoder.filePart(part, first, last)).toBe(oracleFtsText(part));
      }
    }), { numRuns: 1500 });
    expect(encoder.fileText(null)).toBe('');
    expect(encoder.filePart('a\nb', 1, 2)).toBe('a b');
    expect(encoder.filePart(null, 1, 1)).toBe('');
  });

  it('reuses file lines in a part that skips members, and still tokenizes the lines it does not share', () => {
    const encoder = new SearchTextEncoder();
    const text = 'class A:\n    x = 1\n    def f(self):\n        return getUser\n    y = HTTPServer\n';
    expect(encoder.fileText(text)).toBe(oracleFtsText(text));
    const part = 'class A:\n    x = 1\n    \n\n    y = HTTPServer\n';
    expect(encoder.filePart(part, 1, 5)).toBe(oracleFtsText(part));
    const changed = 'class A:\n    x = 2\n    y = HTTPServers';
    expect(encoder.filePart(changed, 1, 5)).toBe(oracleFtsText(changed));
  });

  it('encodes paths with pathTokens', () => {
    const encoder = new SearchTextEncoder();
    fc.assert(fc.property(repositoryPath, (path) => {
      expect(encoder.path(path)).toBe(oraclePathTokens(path).join(' '));
    }), { numRuns: 500 });
  });
});

function symbolOf(text: string, index: number, name: string, range: { first: number; last: number }): SymbolRecord {
  return {
    key: `k${index}` as EntityKey,
    path: 'a.py',
    name,
    qualifiedName: `Outer.${name}`,
    kind: 'function',
    signature: `def ${name}(self, x):`,
    doc: index % 2 === 0 ? null : `Returns the ${name} of x.`,
    startByte: 0,
    endByte: text.length,
    startLine: range.first,
    endLine: range.last,
    signatureEndLine: range.first,
    parent: null,
    exported: true,
    method: 'ast',
  };
}

describe('searchTextOf', () => {
  it('gives the same fields as the reference, one encoder across files', () => {
    const encoder = new SearchTextEncoder();
    const oracleEncoder = new OracleSearchTextEncoder();
    const symbol = fc.tuple(identifier, fc.array(fc.nat(), { minLength: 1, maxLength: 7 }));
    const source = fc.record({
      path: repositoryPath,
      text: fc.option(fileText, { freq: 8 }),
      symbols: fc.array(symbol, { maxLength: 6 }),
      docChunks: fc.array(fc.record({ headingPath: fc.array(anyText, { maxLength: 3 }), text: anyText }), { maxLength: 3 }),
    });
    fc.assert(fc.property(source, (generated) => {
      const text = generated.text ?? '';
      const bodies = new Map<EntityKey, string>();
      const symbols = generated.symbols.map(([name, cuts], index) => {
        const { part, firstLine, lastLine } = partOf(text, cuts);
        const record = symbolOf(text, index, name, { first: firstLine, last: lastLine });
        bodies.set(record.key, part);
        return record;
      });
      const docChunks = generated.docChunks.map((chunk, index) => ({
        id: `c${index}`, path: generated.path, headingPath: chunk.headingPath, text: chunk.text, startLine: index + 1, endLine: index + 1,
      }));
      const input: SearchTextSource = { path: generated.path, text: generated.text, symbols, symbolBodies: bodies, docChunks };
      expect(searchTextOf(input, encoder)).toEqual(oracleSearchTextOf(input, oracleEncoder));
    }), { numRuns: 700 });
  });
});
