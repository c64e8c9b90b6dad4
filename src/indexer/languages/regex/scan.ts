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
  const lexer = new Lexer(source, syntax);
  lexer.run();
  return lexer.result();
}

/** The scanner's state while it walks the source once, left to right. */
class Lexer {
  private readonly lineStarts = [0];
  private readonly hasComment: Uint8Array;
  private readonly startsInLiteral: Uint8Array;
  private readonly pieces: string[] = [];
  private copied = 0;
  private line = 0;
  /** Index of the last code character seen, to tell a regex literal from a division. */
  private lastCode = -1;
  /** A failed regex-literal scan covered up to here: no new attempt before it (keeps this linear). */
  private regexTriedUntil = -1;

  constructor(
    private readonly source: string,
    private readonly syntax: LexSyntax,
  ) {
    for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) this.lineStarts.push(at + 1);
    this.hasComment = new Uint8Array(this.lineStarts.length);
    this.startsInLiteral = new Uint8Array(this.lineStarts.length);
  }

  run(): void {
    const { source, syntax } = this;
    let i = 0;
    while (i < source.length) {
      const c = source.charCodeAt(i);
      if (c === NL) {
        this.line++;
        i++;
        continue;
      }
      const comment = commentEnd(source, i, syntax);
      if (comment > i) {
        this.blank(i, comment, true);
        i = comment;
        continue;
      }
      const literal = stringSpan(source, i, syntax) ?? this.regexAt(i, c);
      if (literal !== null) {
        i = this.literal(i, literal);
        continue;
      }
      if (!isSpace(c)) this.lastCode = i;
      i++;
    }
  }

  result(): Scanned {
    this.pieces.push(this.source.slice(this.copied));
    const { source, lineStarts, hasComment, startsInLiteral } = this;
    return { source, code: this.pieces.join(''), lineStarts, hasComment, startsInLiteral };
  }

  private regexAt(i: number, c: number): StringSpan | null {
    if (!this.syntax.regexLiterals || c !== SLASH || i <= this.regexTriedUntil) return null;
    if (!regexMayStart(this.source, this.lastCode)) return null;
    const attempt = regexSpan(this.source, i);
    if (!('scannedTo' in attempt)) return attempt;
    this.regexTriedUntil = attempt.scannedTo;
    return null;
  }

  /** Blanks a literal's contents; returns the index just past it. */
  private literal(i: number, literal: StringSpan): number {
    if (literal.contentEnd > literal.contentStart) this.blank(literal.contentStart, literal.contentEnd, false);
    for (let k = Math.max(i, this.copied); k < literal.end; k++) if (this.source.charCodeAt(k) === NL) this.line++;
    this.lastCode = literal.end - 1;
    return literal.end;
  }

  /** Replaces [from, to) by spaces, keeping newlines, and records per-line facts. */
  private blank(from: number, to: number, comment: boolean): void {
    this.pieces.push(this.source.slice(this.copied, from));
    let text = '';
    let run = 0;
    for (let i = from; i < to; i++) {
      if (this.source.charCodeAt(i) !== NL) {
        run++;
        continue;
      }
      text += ' '.repeat(run) + '\n';
      run = 0;
      if (comment) this.hasComment[this.line] = 1;
      this.line++;
      this.startsInLiteral[this.line] = 1;
    }
    if (comment) this.hasComment[this.line] = 1;
    this.pieces.push(text + ' '.repeat(run));
    this.copied = to;
  }
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
