// Code-aware tokenization shared by the index (what goes into full-text search) and the
// query side (what is looked up), so both always agree. Identifiers are kept whole and
// also split: "getUserName" → getusername, get, user, name; "foo.bar_baz" → foo.bar_baz,
// foo, bar_baz, bar, baz. Split parts are Porter-stemmed and single words get their stem
// beside them, so that prose meets code ("schedulers" → schedul, as in `Scheduler`).
//
// Words are what /[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*|[0-9]+(?:\.[0-9]+)*/g
// matches, found by a hand-written scanner (scanWord): the index tokenizes every line of
// every file, and scanning char codes costs a fraction of String#match with that regex.

import { stemmer } from 'stemmer';

/** Tokens are capped so a minified blob cannot flood the index with one giant term. */
export const MAX_TOKEN_LENGTH = 64;

// Character classes, as bit flags.
const IDENTIFIER_START = 1; // A-Z a-z _ $
const IDENTIFIER_PART = 2; // A-Z a-z 0-9 _ $
const DIGIT = 4; // 0-9
const UPPER = 8; // A-Z
const LOWER = 16; // a-z
const ALPHANUMERIC = 32; // A-Z a-z 0-9
const WORD_START = IDENTIFIER_START | DIGIT;
const DOT = 0x2e;

/** Classes of the ASCII characters (bit flags above); every other character is in none. */
const CHAR_CLASSES = ((): Uint8Array => {
  const classes = new Uint8Array(128);
  const mark = (from: string, to: string, flags: number): void => {
    for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code++) classes[code]! |= flags;
  };
  mark('A', 'Z', IDENTIFIER_START | IDENTIFIER_PART | UPPER | ALPHANUMERIC);
  mark('a', 'z', IDENTIFIER_START | IDENTIFIER_PART | LOWER | ALPHANUMERIC);
  mark('_', '_', IDENTIFIER_START | IDENTIFIER_PART);
  mark('$', '$', IDENTIFIER_START | IDENTIFIER_PART);
  mark('0', '9', IDENTIFIER_PART | DIGIT | ALPHANUMERIC);
  return classes;
})();

/** Flags of one UTF-16 code unit; NaN (past the end of a string) has none. */
function classOf(code: number): number {
  return code < 128 ? CHAR_CLASSES[code]! : 0;
}

/** The first index in [from, end) where a word starts, or `end`. */
export function nextWordStart(text: string, from: number, end: number): number {
  let at = from;
  while (at < end && (classOf(text.charCodeAt(at)) & WORD_START) === 0) at++;
  return at;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * End (exclusive) of the word that starts at `start` (a word start, see nextWordStart);
 * its hashRange is written to hash[0], for the encoder's memo, at little cost while the
 * characters are read anyway. Both alternatives of the word pattern are a run, then ".run"
 * repeated while a dot is followed by a character that may start a run; greedy, as the
 * regex is. No word spans a line.
 */
export function scanWord(text: string, start: number, hash: Int32Array): number {
  const first = text.charCodeAt(start);
  const identifier = (classOf(first) & IDENTIFIER_START) !== 0;
  const head = identifier ? IDENTIFIER_START : DIGIT;
  const tail = identifier ? IDENTIFIER_PART : DIGIT;
  let h = Math.imul(FNV_OFFSET ^ first, FNV_PRIME);
  let at = start + 1;
  for (;;) {
    let code = text.charCodeAt(at);
    while ((classOf(code) & tail) !== 0) {
      h = Math.imul(h ^ code, FNV_PRIME);
      code = text.charCodeAt(++at);
    }
    if (code !== DOT || (classOf(text.charCodeAt(at + 1)) & head) === 0) break;
    h = Math.imul(h ^ DOT, FNV_PRIME);
    at++;
  }
  hash[0] = mixHash(h);
  return at;
}

/** Hash of text[start, end) (FNV-1a over its UTF-16 code units, then mixed), as scanWord gives it. */
export function hashRange(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let at = start; at < end; at++) h = Math.imul(h ^ text.charCodeAt(at), FNV_PRIME);
  return mixHash(h);
}

/** FNV-1a leaves its low bits, which pick a hash-table slot, poorly mixed for short keys. */
function mixHash(hash: number): number {
  const h = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

/** Parts of one identifier: camelCase, PascalCase, snake_case, kebab-case and digits split. */
export function splitIdentifier(identifier: string): string[] {
  const breaks = camelBreaks(identifier);
  const parts: string[] = [];
  let partStart = -1; // -1 between parts
  let nextBreak = 0;
  for (let at = 0; at <= identifier.length; at++) {
    const alphanumeric = (classOf(identifier.charCodeAt(at)) & ALPHANUMERIC) !== 0;
    const breaksHere = breaks[nextBreak] === at;
    if (breaksHere) nextBreak++;
    if (!alphanumeric || breaksHere) {
      if (partStart !== -1) parts.push(identifier.slice(partStart, at).toLowerCase());
      partStart = alphanumeric ? at : -1;
    } else if (partStart === -1) partStart = at;
  }
  return parts;
}

/**
 * Where a camel-case part begins, as /([a-z0-9])([A-Z])|([A-Z]+)([A-Z][a-z])/g finds them:
 * scanning left to right, each match consumed before the next is looked for, so "aBCd"
 * breaks only after "a" (its "B" belongs to the first match).
 */
function camelBreaks(identifier: string): number[] {
  const breaks: number[] = [];
  let at = 0;
  while (at < identifier.length - 1) {
    const here = classOf(identifier.charCodeAt(at));
    if ((here & UPPER) === 0) {
      const lowerOrDigitThenUpper = (here & (LOWER | DIGIT)) !== 0 && (classOf(identifier.charCodeAt(at + 1)) & UPPER) !== 0;
      if (lowerOrDigitThenUpper) breaks.push(at + 1);
      at += lowerOrDigitThenUpper ? 2 : 1;
      continue;
    }
    let runEnd = at + 1;
    while ((classOf(identifier.charCodeAt(runEnd)) & UPPER) !== 0) runEnd++;
    // An upper-case run of two or more followed by a lower-case letter: "HTTPServer" → HTTP Server.
    const acronymThenWord = runEnd - at >= 2 && (classOf(identifier.charCodeAt(runEnd)) & LOWER) !== 0;
    if (acronymThenWord) breaks.push(runEnd - 1);
    at = acronymThenWord ? runEnd + 1 : runEnd;
  }
  return breaks;
}

/** Stems shorter than this are not worth the conflations ("does" → doe, "this" → thi). */
const MIN_STEMMED_LENGTH = 5;

/** The Porter stem of one lowercase alphabetic word; anything else is returned as is. */
export function stemToken(token: string): string {
  if (token.length < MIN_STEMMED_LENGTH || !/^[a-z]+$/.test(token)) return token;
  return stemmer(token);
}

/**
 * Every token for one identifier-like word: the whole (lowercased) and, for a single word,
 * its stem; each dotted segment likewise; each split part stemmed. The unstemmed whole is
 * always there, so `fetchuser` typed in lowercase still meets `fetchUser`. Order is
 * stable; duplicates are removed.
 */
export function expandWord(word: string): string[] {
  return word.includes('.') ? expandDotted(word) : expandSegment(word);
}

/**
 * expandWord of a word with dots: the whole, then each segment's own expansion (its
 * expandWord), duplicates dropped. The encoder's memo (word-table.ts) builds the same
 * from the segments' memoised expansions.
 */
function expandDotted(word: string): string[] {
  const out = new TokenList();
  out.add(lowerWhole(word));
  for (const segment of word.split('.')) {
    for (const token of expandSegment(segment)) out.add(token);
  }
  return out.tokens;
}

/** expandWord of a word without dots. */
export function expandSegment(segment: string): string[] {
  // Most words are plain lowercase ("self", "x1", "return"): one part, nothing to split.
  if (isLowerAlphanumeric(segment)) return wholeAndStem(segment);
  const out = new TokenList();
  const whole = lowerWhole(segment);
  out.add(whole);
  const parts = splitIdentifier(segment);
  if (parts.length <= 1) out.add(stemToken(whole));
  else for (const part of parts) out.add(stemToken(part));
  return out.tokens;
}

function isLowerAlphanumeric(word: string): boolean {
  for (let at = 0; at < word.length; at++) {
    if ((classOf(word.charCodeAt(at)) & (LOWER | DIGIT)) === 0) return false;
  }
  return word.length > 0;
}

/** expandSegment of a word of [a-z0-9] only: it is its own single part. */
function wholeAndStem(word: string): string[] {
  const out: string[] = [];
  if (word.length > 0 && word.length <= MAX_TOKEN_LENGTH) out.push(word);
  const stem = stemToken(word);
  if (stem.length > 0 && stem.length <= MAX_TOKEN_LENGTH && stem !== out[0]) out.push(stem);
  return out;
}

function lowerWhole(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes('$') ? lower.replace(/\$/g, '_') : lower;
}

/**
 * Tokens in order of first appearance, each once. Usually a few, but a qualified name
 * nested k levels deep has k segments and an identifier can have as many parts: a Set
 * keeps each addition O(1) (an Array.includes here made nested definitions cubic).
 */
class TokenList {
  readonly tokens: string[] = [];
  private readonly seen = new Set<string>();

  /** Adds a token unless empty, too long or already there. */
  add(token: string): void {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || this.seen.has(token)) return;
    this.seen.add(token);
    this.tokens.push(token);
  }
}

/** All code tokens of a text, in order of appearance, duplicates kept (term frequency matters). */
export function codeTokens(text: string): string[] {
  const out: string[] = [];
  const hash = new Int32Array(1);
  for (let at = nextWordStart(text, 0, text.length); at < text.length; at = nextWordStart(text, at, text.length)) {
    const end = scanWord(text, at, hash);
    for (const token of expandWord(text.slice(at, end))) out.push(token);
    at = end;
  }
  return out;
}

/**
 * The text stored in a full-text column: tokens joined by spaces. The FTS tables use
 * unicode61 with "_" and "." as token characters, so they see exactly these tokens.
 */
export function ftsText(text: string): string {
  return codeTokens(text).join(' ');
}

/** Tokens of a repository path: every directory and file-name part, plus the stem. */
export function pathTokens(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    const stem = segment.replace(/\.[^.]+$/, '');
    for (const token of expandWord(stem.replace(/[^A-Za-z0-9_$.]/g, '_'))) out.push(token);
  }
  return out;
}
