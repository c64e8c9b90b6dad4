// The "signature" texts: a definition's signature, and a whole file's outline. Both are the
// file's own lines with whole-line gap marks between them (core/source-lines.ts), never a
// rewritten text: an agent that edits from them finds them in the file as shown.
//
// - A signature is the definition's header as written — from its first line (decorators,
//   `export`) to the line that opens its body, every line of a long parameter list — then,
//   for Python, the docstring's first paragraph, and one gap mark for the rest of the body.
//   Docs written above a definition (comments) lie outside its lines and are not shown.
// - A code file's outline is every definition's header lines, in file order, with gap
//   marks for everything between; a document's outline is its heading lines.

import type { DocChunk, FileRecord, Language, SymbolRecord } from '../../core/entities.js';
import type { SourceLines } from '../../core/source-lines.js';

/** Most lines of a header a signature shows (decorators and parameter lists can be long); the rest is a gap. */
const MAX_SIGNATURE_LINES = 20;
/** Fewer lines than this left out are shown rather than marked (as excerpts do). */
const MIN_GAP = 3;
/** Most lines of the docstring's first paragraph a signature keeps. */
const MAX_DOC_LINES = 6;
const DOCSTRING_OPEN = /^\s*[rRuUbBfF]{0,2}("""|''')/;
/** A line of one repeated punctuation character: a setext underline, an rST over- or underline. */
const ADORNMENT = /^\s*([=\-~^"'`#*+<>_:.])\1+\s*$/;

/** The definition's header lines, and for Python its docstring summary, with one gap mark for the rest. */
export function symbolSignature(lines: SourceLines, symbol: SymbolRecord, language: Language): string {
  const headEnd = headerEnd(symbol);
  const doc = language === 'python' ? docstringSummary(lines, headEnd + 1, symbol.endLine) : null;
  // A gap mark costs about what a line or two of code does: a short rest is shown instead.
  if (symbol.endLine - Math.max(headEnd, doc?.end ?? 0) < MIN_GAP) return lines.slice(symbol.startLine, symbol.endLine);
  return lines.excerpt(symbol.startLine, symbol.endLine, (line) => line <= headEnd || (doc !== null && line >= doc.start && line <= doc.end));
}

/** The last header line shown: where the signature ends, at most MAX_SIGNATURE_LINES in. */
function headerEnd(symbol: SymbolRecord): number {
  const end = Math.min(Math.max(symbol.signatureEndLine, symbol.startLine), symbol.endLine);
  return Math.min(end, symbol.startLine + MAX_SIGNATURE_LINES - 1);
}

/** The docstring opening the body at or after `from`: its first paragraph's lines, at most MAX_DOC_LINES. */
function docstringSummary(lines: SourceLines, from: number, last: number): { start: number; end: number } | null {
  let start = from;
  while (start <= last && lines.line(start).trim() === '') start += 1;
  const open = start <= last ? DOCSTRING_OPEN.exec(lines.line(start)) : null;
  if (open === null) return null;
  const quote = open[1]!;
  const first = lines.line(start);
  if (first.slice(first.indexOf(quote) + 3).includes(quote)) return { start, end: start };
  const cap = Math.min(last, start + MAX_DOC_LINES - 1);
  for (let end = start + 1; end <= cap; end++) {
    const text = lines.line(end);
    if (text.includes(quote)) return { start, end };
    if (text.trim() === '') return { start, end: end - 1 };
  }
  return { start, end: cap };
}

/** Every definition's header lines, in file order, with gap marks between; null without definitions. */
export function codeOutline(lines: SourceLines, symbols: readonly SymbolRecord[]): string | null {
  if (symbols.length === 0 || lines.count === 0) return null;
  const keep = new Uint8Array(lines.count + 2);
  for (const symbol of symbols) keep.fill(1, Math.max(1, symbol.startLine), Math.min(lines.count, headerEnd(symbol)) + 1);
  return lines.excerpt(1, lines.count, (line) => keep[line] === 1);
}

/** A document's heading lines (each heading once, underlines included), with gap marks between; null without headings. */
export function docOutline(lines: SourceLines, chunks: readonly DocChunk[]): string | null {
  const keep = new Uint8Array(lines.count + 2);
  const seen = new Set<string>();
  for (const chunk of [...chunks].sort((a, b) => a.startLine - b.startLine)) {
    const key = chunk.headingPath.join('\u0000');
    if (chunk.headingPath.length === 0 || seen.has(key) || chunk.startLine > lines.count) continue;
    seen.add(key);
    keep.fill(1, chunk.startLine, headingEnd(lines, chunk.startLine) + 1);
  }
  return keep.includes(1) ? lines.excerpt(1, lines.count, (line) => keep[line] === 1) : null;
}

/** A heading's last line: its underline, when the line after it (or, under an overline, the one after that) is one. */
function headingEnd(lines: SourceLines, line: number): number {
  const adornment = (at: number) => at <= lines.count && ADORNMENT.test(lines.line(at));
  if (adornment(line)) return adornment(line + 2) ? line + 2 : line;
  return adornment(line + 1) ? line + 1 : line;
}

export function fileOutline(file: FileRecord, lines: SourceLines, symbols: readonly SymbolRecord[], chunks: () => readonly DocChunk[]): string | null {
  return file.kind === 'doc' ? docOutline(lines, chunks()) : codeOutline(lines, symbols);
}
