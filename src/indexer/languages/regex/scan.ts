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
const SLASH = 47;
/** After these, "/" starts a regular expression rather than dividing. */
const BEFORE_REGEX = new Set('(,=:[!&|?{};+-*%<>~^');
const KEYWORDS_BEFORE_REGEX = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await',
]);

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
  // Index of the last code character seen, to tell a regex literal from a division.
  let lastCode = -1;
  // A failed regex-literal scan covered up to here: no new attempt before it (keeps this linear).
  let regexTriedUntil = -1;
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
    let literal = stringSpan(source, i, syntax);
    if (literal === null && syntax.regexLiterals && c === SLASH && i > regexTriedUntil && regexMayStart(source, lastCode)) {
      const attempt = regexSpan(source, i);
      if ('scannedTo' in attempt) regexTriedUntil = attempt.scannedTo;
      else literal = attempt;
    }
    if (literal !== null) {
      if (literal.contentEnd > literal.contentStart) blank(literal.contentStart, literal.contentEnd, false);
      for (let k = Math.max(i, copied); k < literal.end; k++) if (source.charCodeAt(k) === NL) line++;
      i = literal.end;
      lastCode = i - 1;
      continue;
    }
    if (!isSpace(c)) lastCode = i;
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
  if (ch === '`' && syntax.regexLiterals) {
    const end = templateEnd(source, i, 0);
    return { contentStart: i + 1, contentEnd: Math.max(i + 1, end - 1), end };
  }
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

const MAX_TEMPLATE_NESTING = 16;

/**
 * End (past the closing backtick) of a JS template literal at `i`, skipping `${ ... }`
 * expressions, which may hold strings and templates of their own. Each character is
 * visited once however deep the nesting.
 */
function templateEnd(source: string, i: number, depth: number): number {
  let k = i + 1;
  while (k < source.length) {
    const c = source[k];
    if (c === '\\') k += 2;
    else if (c === '`') return k + 1;
    else if (c === '$' && source[k + 1] === '{' && depth < MAX_TEMPLATE_NESTING) k = expressionEnd(source, k + 2, depth + 1);
    else k++;
  }
  return source.length;
}

function expressionEnd(source: string, from: number, depth: number): number {
  let braces = 1;
  let k = from;
  while (k < source.length) {
    const c = source[k]!;
    if (c === '`') k = templateEnd(source, k, depth);
    else if (c === '"' || c === "'") k = quotedEnd(source, k);
    else if (c === '/' && BEFORE_REGEX.has(previousCode(source, from, k))) {
      const regex = regexSpan(source, k);
      k = 'end' in regex ? regex.end : k + 1;
    } else if (c === '{') {
      braces++;
      k++;
    } else if (c === '}') {
      if (--braces === 0) return k + 1;
      k++;
    } else k++;
  }
  return source.length;
}

/** The last non-blank character before `k` within an expression that began at `from`. */
function previousCode(source: string, from: number, k: number): string {
  for (let p = k - 1; p >= from; p--) if (source[p] !== ' ' && source[p] !== '\t') return source[p]!;
  return '(';
}

/** End of a one-line '...' or "..." string inside a template expression. */
function quotedEnd(source: string, i: number): number {
  const quote = source[i];
  let k = i + 1;
  while (k < source.length && source[k] !== quote && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
  return Math.min(source.length, k + 1);
}

function regexMayStart(source: string, lastCode: number): boolean {
  return lastCode < 0 || BEFORE_REGEX.has(source[lastCode]!) || KEYWORDS_BEFORE_REGEX.has(wordEndingAt(source, lastCode));
}

/** A JS regular expression literal at `i` (never spanning lines), or how far the search got. */
function regexSpan(source: string, i: number): StringSpan | { scannedTo: number } {
  let inClass = false;
  let k = i + 1;
  for (; k < source.length && k - i < 2000; k++) {
    const ch = source[k];
    if (ch === '\\') k++;
    else if (ch === '\n') break;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) return { contentStart: i + 1, contentEnd: k, end: k + 1 };
  }
  return { scannedTo: k };
}

function wordEndingAt(source: string, end: number): string {
  let start = end;
  while (start > 0 && end - start < 12 && /[A-Za-z]/.test(source[start - 1]!)) start--;
  return /[A-Za-z]/.test(source[end]!) ? source.slice(start, end + 1) : '';
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
