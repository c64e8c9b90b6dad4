// Shared by this folder's tests only: extract a fixture and view the result compactly.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstLanguage, RawReference, SymbolRecord } from '../../core/entities.js';
import { ExtractorRegistry } from './registry.js';
import type { Extraction } from './types.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/languages/', import.meta.url));

export function readFixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

export function extractSource(language: AstLanguage, path: string, source: string): Extraction {
  const extractor = new ExtractorRegistry().extractorFor(language);
  if (extractor === null) throw new Error(`no extractor for ${language}`);
  return extractor.extract(path, source);
}

/** [qualified name with key suffix, kind, parent, exported, startLine, endLine] */
export function symbolRows(extraction: Extraction): [string, string, string | null, boolean, number, number][] {
  return extraction.symbols.map((s) => [keyTail(s.key), s.kind, s.parent, s.exported, s.startLine, s.endLine]);
}

/** [from (qualified name or "<file>"), name, qualifier, kind, line] */
export function referenceRows(extraction: Extraction): [string, string, string | null, string, number][] {
  return extraction.references.map((r: RawReference) => [
    r.fromKey === r.fromPath ? '<file>' : keyTail(r.fromKey),
    r.name,
    r.qualifier,
    r.kind,
    r.line,
  ]);
}

export function importRows(extraction: Extraction): [string, string[], number, string][] {
  return extraction.imports.map((i) => [i.specifier, i.names, i.line, i.kind]);
}

export function symbolNamed(extraction: Extraction, keyTailText: string): SymbolRecord {
  const symbol = extraction.symbols.find((s) => keyTail(s.key) === keyTailText);
  if (symbol === undefined) throw new Error(`no symbol ${keyTailText}`);
  return symbol;
}

/** The definition's bytes as stored offsets say, decoded. */
export function bytesOf(source: string, symbol: SymbolRecord): string {
  return Buffer.from(source, 'utf8').subarray(symbol.startByte, symbol.endByte).toString('utf8');
}

function keyTail(key: string): string {
  return key.slice(key.indexOf('::') + 2);
}
