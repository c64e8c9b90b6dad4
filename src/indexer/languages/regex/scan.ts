// One linear lexical pass over a file: a "code view" of the same length in which comment
// text and string contents are blanked (quotes and newlines kept), so that every later
// regex sees only code at the same columns as the original; plus per-line facts.

import type { LexSyntax } from './syntax.js';

export interface Scanned {
  source: string;
  /** Same length as `source`: comments and string contents replaced by spaces. */
  code: string;
  /** UTF-16 index where each line starts; lines split at "\n". */
  lineStarts: number[];
  /** Per line: 1 when a comment covers part of it. */
  hasComment: Uint8Array;
  /** Per line: 1 when the line starts inside a multi-line string or comment. */
  startsInLiteral: Uint8Array;
}

const NL = 10;

export function scan(source: string, syntax: LexSyntax): Scanned {
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const hasComment = new Uint8Array(lineStarts.length);
  const startsInLiteral = new Uint8Array(lineStarts.length);
  const pieces: string[] = [];
  let copied = 0;
  let line = 0;
  const blank = (from: number, to: number, comment: boolean): void => {
    pieces.push(source.slice(copied, from));
    let text = '';
    let run = 0;
    for (let i = from; i < to; i++) {
      if (source.charCodeAt(i) === NL) {
        text += ' '.repeat(run) + '\n';
        run = 0;
        if (comment) hasComment[line] = 1;
        line++;
        startsInLiteral[line] = 1;
      } else run++;
    }
    if (comment) hasComment[line] = 1;
    pieces.push(text + ' '.repeat(run));
    copied = to;
  };
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === NL) {
      line++;
      i++;
      continue;
    }
    const comment = commentEnd(source, i, syntax);
    if (comment > i) {
      blank(i, comment, true);
      i = comment;
      continue;
    }
    const literal = stringSpan(source, i, syntax);
    if (literal !== null) {
      if (literal.contentEnd > literal.contentStart) blank(literal.contentStart, literal.contentEnd, false);
      for (let k = Math.max(i, copied); k < literal.end; k++) if (source.charCodeAt(k) === NL) line++;
      i = literal.end;
      continue;
    }
    i++;
  }
  pieces.push(source.slice(copied));
  return { source, code: pieces.join(''), lineStarts, hasComment, startsInLiteral };
}

/** End of a comment starting at `i`, or `i` when none starts there. */
function commentEnd(source: string, i: number, syntax: LexSyntax): number {
  for (const marker of syntax.lineComments) {
    if (!source.startsWith(marker, i)) continue;
    if (syntax.hashNeedsSpace && marker === '#' && i > 0 && !isSpace(source.charCodeAt(i - 1))) continue;
    const nl = source.indexOf('\n', i);
    return nl < 0 ? source.length : nl;
  }
  for (const [open, close, atLineStart] of syntax.blockComments) {
    if (!source.startsWith(open, i)) continue;
    if (atLineStart && i > 0 && source.charCodeAt(i - 1) !== NL) continue;
    const end = source.indexOf(close, i + open.length);
    return end < 0 ? source.length : end + close.length;
  }
  return i;
}

interface StringSpan {
  contentStart: number;
  contentEnd: number;
  end: number;
}

/** A string literal starting at `i` (quotes included in `end`), or null. */
function stringSpan(source: string, i: number, syntax: LexSyntax): StringSpan | null {
  const ch = source[i]!;
  if (!syntax.quotes.includes(ch)) return null;
  if (syntax.tripleQuotes && source.startsWith(ch.repeat(3), i)) {
    const close = source.indexOf(ch.repeat(3), i + 3);
    const end = close < 0 ? source.length : close + 3;
    return { contentStart: i + 3, contentEnd: close < 0 ? end : close, end };
  }
  if (ch === "'" && syntax.charLiterals) return charLiteral(source, i);
  const raw = syntax.rawQuotes.includes(ch);
  const multiline = syntax.multilineQuotes.includes(ch);
  let k = i + 1;
  while (k < source.length) {
    const c = source[k]!;
    if (c === '\\' && !raw) k += 2;
    else if (c === ch) return { contentStart: i + 1, contentEnd: k, end: k + 1 };
    else if (c === '\n' && !multiline) return { contentStart: i + 1, contentEnd: k, end: k };
    else k++;
  }
  return { contentStart: i + 1, contentEnd: source.length, end: source.length };
}

/** 'x' or '\n' is a character; anything else ('a lifetime, 'sym) is not a string. */
function charLiteral(source: string, i: number): StringSpan | null {
  if (source[i + 1] === '\\') {
    const close = source.indexOf("'", i + 2);
    if (close > 0 && close - i <= 12 && !source.slice(i, close).includes('\n')) {
      return { contentStart: i + 1, contentEnd: close, end: close + 1 };
    }
    return null;
  }
  const cp = source.codePointAt(i + 1);
  const width = cp !== undefined && cp > 0xffff ? 2 : 1;
  if (source[i + 1 + width] === "'" && source[i + 1] !== '\n') {
    return { contentStart: i + 1, contentEnd: i + 1 + width, end: i + 2 + width };
  }
  return null;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === NL || c === 13;
}

/** The text of line `index` in `text` (either view), without its "\r\n" / "\n". */
export function lineText(scanned: Scanned, text: string, index: number): string {
  const start = scanned.lineStarts[index] ?? text.length;
  const next = scanned.lineStarts[index + 1];
  let end = next === undefined ? text.length : next - 1;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return text.slice(start, end);
}

/** 0-based line of a UTF-16 index (binary search over line starts). */
export function lineOf(scanned: Scanned, index: number): number {
  const starts = scanned.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
