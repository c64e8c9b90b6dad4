// The "signature + docstring" texts: a symbol's signature with its docstring, and a whole
// file's outline (its definitions with line ranges, or a document's headings). These are
// what an item is demoted to before it is cut to its path.

import type { DocChunk, FileRecord, Language, SymbolRecord } from '../../core/entities.js';
import { compareText } from '../../core/compare.js';

const HASH_COMMENT_LANGUAGES = new Set<Language>(['ruby', 'shell', 'yaml', 'toml']);

/** The signature followed by the docstring, written the way the language writes one. */
export function symbolSignature(symbol: SymbolRecord, language: Language): string {
  const doc = docSummary(symbol.doc);
  if (!doc) return symbol.signature;
  if (language === 'python') return `${symbol.signature}\n    """${doc.replace(/"""/g, '\\"\\"\\"')}"""`;
  const marker = HASH_COMMENT_LANGUAGES.has(language) ? '#' : '//';
  const comment = doc.split('\n').map((line) => `${marker} ${line}`.trimEnd()).join('\n');
  return `${comment}\n${symbol.signature}`;
}

/** Most docstring lines a signature carries: its first paragraph, and at most this many lines of it. */
const MAX_DOC_LINES = 6;

/** The docstring's first paragraph, cut to MAX_DOC_LINES lines. */
function docSummary(doc: string | null): string | undefined {
  const trimmed = doc?.trim();
  if (!trimmed) return undefined;
  const paragraph = trimmed.split(/\n\s*\n/)[0]!;
  const lines = paragraph.split('\n');
  return lines.length > MAX_DOC_LINES ? `${lines.slice(0, MAX_DOC_LINES).join('\n')} …` : paragraph;
}

/** Definitions in source order, nested by qualified name, each with its line range and first doc line. */
export function codeOutline(symbols: readonly SymbolRecord[]): string | null {
  if (symbols.length === 0) return null;
  const ordered = [...symbols].sort((a, b) => a.startLine - b.startLine || compareText(a.key, b.key));
  const width = String(ordered[ordered.length - 1]!.endLine).length * 2 + 1;
  return ordered
    .map((symbol) => {
      const depth = symbol.qualifiedName.split('.').length - 1;
      const lines = `${symbol.startLine}-${symbol.endLine}`.padEnd(width);
      const doc = symbol.doc?.split('\n')[0]?.trim();
      return `${lines}  ${'  '.repeat(depth)}${symbol.signature}${doc ? `  — ${doc}` : ''}`;
    })
    .join('\n');
}

/** A document's headings, indented by level, each once. */
export function docOutline(chunks: readonly DocChunk[]): string | null {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const chunk of [...chunks].sort((a, b) => a.startLine - b.startLine)) {
    const key = chunk.headingPath.join('\u0000');
    if (chunk.headingPath.length === 0 || seen.has(key)) continue;
    seen.add(key);
    lines.push(`${chunk.startLine}  ${'  '.repeat(chunk.headingPath.length - 1)}${chunk.headingPath[chunk.headingPath.length - 1]}`);
  }
  return lines.length > 0 ? lines.join('\n') : null;
}

export function fileOutline(file: FileRecord, symbols: readonly SymbolRecord[], chunks: () => readonly DocChunk[]): string | null {
  return file.kind === 'doc' ? docOutline(chunks()) : codeOutline(symbols);
}
