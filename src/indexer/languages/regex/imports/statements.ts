// Shared plumbing for import extraction: where statements start, their text in the
// code view (comments and string contents blanked, so regexes see structure only),
// and string literal contents read back from the original source at the same indices.

import type { ImportKind } from '../../../../core/entities.js';
import { lineOf, lineText, type Scanned } from '../scan.js';

export type ImportSink = (specifier: string, names: string[], row: number, kind: ImportKind) => void;

/** Statements longer than this are cut: import lists never need more. */
export const STATEMENT_CAP = 4000;

export interface LineHead {
  line: number;
  /** Index of the line's first non-blank character. */
  start: number;
  /** Code view of the line from `start`. */
  head: string;
}

/** Lines whose code (not inside a multi-line literal) starts with `pattern`. */
export function* linesStarting(scanned: Scanned, pattern: RegExp): Generator<LineHead> {
  const { code, lineStarts, startsInLiteral } = scanned;
  for (let line = 0; line < lineStarts.length; line++) {
    if (startsInLiteral[line]) continue;
    const text = lineText(scanned, code, line);
    const indent = text.length - text.trimStart().length;
    const head = text.slice(indent, indent + 400);
    if (pattern.test(head)) yield { line, start: lineStarts[line]! + indent, head };
  }
}

/** Code view from `start` through the first `terminator` (inclusive), capped. */
export function codeUntil(scanned: Scanned, start: number, terminator: string): string {
  const stop = Math.min(scanned.code.length, start + STATEMENT_CAP);
  const at = scanned.code.indexOf(terminator, start);
  return scanned.code.slice(start, at < 0 || at >= stop ? stop : at + terminator.length);
}

/**
 * The contents of the string literal whose opening quote is at `quoteAt` (an index into
 * the source). The code view keeps quotes and blanks contents, so the closing quote is
 * the next same quote in the code view.
 */
export function literalAt(scanned: Scanned, quoteAt: number): string | null {
  const quote = scanned.code[quoteAt];
  if (quote !== '"' && quote !== "'" && quote !== '`') return null;
  const close = scanned.code.indexOf(quote, quoteAt + 1);
  if (close < 0 || close - quoteAt > 2000) return null;
  return scanned.source.slice(quoteAt + 1, close);
}

/** Runs `pattern` (which must have the g and d flags) over the code view from `from`. */
export function* matchesIn(scanned: Scanned, pattern: RegExp, from = 0): Generator<RegExpExecArray> {
  pattern.lastIndex = from;
  for (let m = pattern.exec(scanned.code); m !== null; m = pattern.exec(scanned.code)) {
    yield m;
    if (m[0].length === 0) pattern.lastIndex++;
  }
}

export function rowOf(scanned: Scanned, index: number): number {
  return lineOf(scanned, index);
}

/** "a . b" → "a.b": whitespace inside dotted paths is insignificant. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Splits at top-level commas (outside {} () []). */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if ((ch === '}' || ch === ')' || ch === ']') && depth > 0) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}
