// A light reference pass: call-like `name(` tokens outside comments, strings and
// definition headers, with the receiver chain rendered as the tree-sitter extractors do
// ("a.b", "self.x()", "x[]", "?" for anything else). Keywords are skipped. One linear
// scan of the code view; receiver chains are walked back a bounded distance.

import type { ExtractionBuilder, Scope } from '../builder.js';
import type { Defined } from './definitions.js';
import { lineOf, type Scanned } from './scan.js';

const KEYWORDS = new Set([
  'if', 'else', 'elif', 'for', 'foreach', 'while', 'do', 'switch', 'case', 'catch', 'try', 'except', 'finally',
  'return', 'throw', 'raise', 'new', 'delete', 'typeof', 'sizeof', 'alignof', 'instanceof', 'await', 'yield',
  'function', 'func', 'fn', 'def', 'class', 'struct', 'interface', 'enum', 'trait', 'impl', 'lambda', 'and',
  'or', 'not', 'in', 'is', 'as', 'with', 'assert', 'del', 'import', 'export', 'from', 'require', 'using',
  'lock', 'fixed', 'checked', 'unchecked', 'synchronized', 'super', 'this', 'self', 'match', 'when', 'defer',
  'go', 'select', 'static_assert', 'decltype', 'nameof', 'default', 'void', 'unless', 'until', 'elsif', 'then',
  'defined', 'isset', 'unset', 'empty', 'list', 'array', 'echo', 'print', 'die', 'exit', 'eval', 'include',
  'include_once', 'require_once', 'constructor', 'loop', 'where', 'let', 'var', 'const', 'static', 'async',
  'local', 'declare', 'operator', 'template', 'typename', 'noexcept', 'throws', 'guard', 'repeat', 'sealed',
  'type',
]);
const DEFINING_WORDS = new Set(['function', 'func', 'fn', 'def', 'fun', 'sub', 'proc', 'class']);
/** Words after which `name(` is still a call in C-family code (else `Type name(` declares). */
const EXPRESSION_WORDS = new Set([
  'return', 'else', 'throw', 'new', 'case', 'await', 'yield', 'in', 'of', 'and', 'or', 'not', 'is', 'typeof',
  'delete', 'do', 'co_await', 'co_return', 'co_yield', 'sizeof', 'assert',
]);
const QUALIFIER_CAP = 120;
const MAX_CHAIN = 8;

/**
 * `typedDeclarations`: C, C++, C# and Java, where `Type name(` declares rather than calls,
 * so a call must follow an operator, punctuation or an expression keyword.
 */
export function collectReferences(
  scanned: Scanned,
  defined: readonly Defined[],
  out: ExtractionBuilder,
  typedDeclarations: boolean,
): void {
  const ownerOfLine = lineOwners(scanned, defined, out.fileScope.key);
  const interfaceKeys = new Set(defined.filter((d) => d.kind === 'interface').map((d) => d.key));
  const headers = defined.map((d) => [d.headerStart, d.headerEnd] as const).sort((a, b) => a[0] - b[0]);
  const { code } = scanned;
  let header = 0;
  let i = 0;
  while (i < code.length) {
    const c = code.charCodeAt(i);
    if (!isIdentStart(c) || (i > 0 && isIdentPart(code.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < code.length && isIdentPart(code.charCodeAt(end))) end++;
    let after = end;
    while (after < code.length && (code[after] === ' ' || code[after] === '\t')) after++;
    if (code[after] === '(') {
      while (header < headers.length && headers[header]![1] <= i) header++;
      const inHeader = header < headers.length && headers[header]![0] <= i;
      const name = code.slice(i, end);
      // Keywords only stop unqualified names: `Foo::new()`, `promise.catch()` are calls.
      const qualifier = inHeader ? null : qualifierBefore(code, i);
      const line = inHeader || (qualifier === null && KEYWORDS.has(name)) ? -1 : lineOf(scanned, i);
      const owner = line < 0 ? null : (ownerOfLine[line] ?? out.fileScope.key);
      // Interface bodies (TS, Go) hold member signatures, which look like calls.
      if (owner !== null && !interfaceKeys.has(owner) && isCall(code, i, typedDeclarations, qualifier !== null)) {
        out.addReference(scopeFor(owner), name, qualifier, 'call', line);
      }
    }
    i = end;
  }
  for (const d of defined) {
    if (d.key === null) continue;
    for (const base of d.bases) out.addReference(scopeFor(d.key), base.name, base.qualifier, 'inherit', d.startLine);
  }
}

/** The builder keys references by `scope.key` alone. */
function scopeFor(key: string): Scope {
  return { key, qualifiedName: null, kind: 'file', exported: true, depth: 0 };
}

/** Per line, the key of the innermost definition covering it (outer ones are written first). */
function lineOwners(scanned: Scanned, defined: readonly Defined[], fileKey: string): string[] {
  const owners = new Array<string>(scanned.lineStarts.length).fill(fileKey);
  const ordered = defined.filter((d) => d.key !== null).sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  for (const d of ordered) for (let l = d.startLine; l <= d.endLine && l < owners.length; l++) owners[l] = d.key!;
  return owners;
}

function isCall(code: string, at: number, typedDeclarations: boolean, qualified: boolean): boolean {
  if (qualified) return true;
  if (afterDefiningWord(code, at) || inRustAttribute(code, at)) return false;
  if (!typedDeclarations) return true;
  const word = previousWord(code, at);
  return word === null || EXPRESSION_WORDS.has(word);
}

/** The identifier right before `at` (skipping blanks, `*` and `&`), or null. */
function previousWord(code: string, at: number): string | null {
  let p = at - 1;
  while (p >= 0 && (code[p] === ' ' || code[p] === '\t' || code[p] === '*' || code[p] === '&')) p--;
  const end = p + 1;
  while (p >= 0 && isIdentPart(code.charCodeAt(p))) p--;
  return end > p + 1 ? code.slice(p + 1, end) : null;
}

/** `#[derive(...)]`, `#![allow(...)]`: attribute syntax, not calls. */
function inRustAttribute(code: string, at: number): boolean {
  return code[at - 1] === '[' && (code[at - 2] === '#' || (code[at - 2] === '!' && code[at - 3] === '#'));
}

function afterDefiningWord(code: string, at: number): boolean {
  let p = at - 1;
  while (p >= 0 && (code[p] === ' ' || code[p] === '\t' || code[p] === '*')) p--;
  const end = p + 1;
  while (p >= 0 && isIdentPart(code.charCodeAt(p))) p--;
  return end > p + 1 && DEFINING_WORDS.has(code.slice(p + 1, end));
}

/** The receiver chain written before the identifier at `at`, or null when unqualified. */
export function qualifierBefore(code: string, at: number): string | null {
  const segments: string[] = [];
  const separators: string[] = [];
  let p = at;
  for (let step = 0; step < MAX_CHAIN; step++) {
    const separator = separatorBefore(code, p);
    if (separator === null) break;
    p -= separator.length;
    const segment = segmentBefore(code, p);
    segments.push(segment.text);
    separators.push(separator === '?.' ? '.' : separator);
    if (segment.start < 0) break;
    p = segment.start;
  }
  if (segments.length === 0) return null;
  let text = segments[segments.length - 1]!;
  for (let k = segments.length - 2; k >= 0; k--) text += separators[k + 1]! + segments[k]!;
  return text.length > QUALIFIER_CAP ? text.slice(0, QUALIFIER_CAP) : text;
}

function separatorBefore(code: string, p: number): string | null {
  if (code[p - 1] === '.' && code[p - 2] !== '.') return code[p - 2] === '?' ? '?.' : '.';
  if (code[p - 1] === ':' && code[p - 2] === ':') return '::';
  if (code[p - 1] === '>' && code[p - 2] === '-') return '->';
  return null;
}

/** The receiver segment ending at `p`: an identifier, `callee()`, `value[]`, or "?". */
function segmentBefore(code: string, p: number): { text: string; start: number } {
  let suffix = '';
  let q = p;
  for (let guard = 0; guard < 8; guard++) {
    const c = code[q - 1];
    if (c !== ')' && c !== ']') break;
    const open = matchingOpen(code, q - 1);
    if (open < 0) return { text: '?', start: -1 };
    suffix = (c === ')' ? '()' : '[]') + suffix;
    q = open;
  }
  let s = q;
  while (s > 0 && isIdentPart(code.charCodeAt(s - 1))) s--;
  if (s === q || !isIdentStart(code.charCodeAt(s))) return { text: '?', start: -1 };
  return { text: code.slice(s, q) + suffix, start: s };
}

function matchingOpen(code: string, close: number): number {
  const closer = code[close];
  const opener = closer === ')' ? '(' : '[';
  let depth = 0;
  for (let k = close; k >= 0 && close - k < 400; k--) {
    if (code[k] === closer) depth++;
    else if (code[k] === opener && --depth === 0) return k;
  }
  return -1;
}

function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 0xc0;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}
