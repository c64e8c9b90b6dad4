// Reference oracle for the tokenizer: the regex-based implementation of tokens.ts and
// search-text.ts as they were before the hand-written scanner (SEARCH_TEXT_VERSION 2),
// copied verbatim. The property tests and bench/search-text-bench.ts compare the fast
// code with it; the index must stay byte-identical, since the query side and indexes
// already built depend on exactly this output. Test and bench code only.

import { stemmer } from 'stemmer';
import type { SearchableText, SearchTextSource } from './search-text.js';

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*|[0-9]+(?:\.[0-9]+)*/g;
const CAMEL_BOUNDARY = /([a-z0-9])([A-Z])|([A-Z]+)([A-Z][a-z])/g;
const MAX_TOKEN_LENGTH = 64;
const MIN_STEMMED_LENGTH = 5;
const MAX_MEMO_WORDS = 200_000;

export function oracleSplitIdentifier(identifier: string): string[] {
  const spaced = identifier.replace(CAMEL_BOUNDARY, (_m, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`));
  return spaced
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

export function oracleStemToken(token: string): string {
  if (token.length < MIN_STEMMED_LENGTH || !/^[a-z]+$/.test(token)) return token;
  return stemmer(token);
}

export function oracleExpandWord(word: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (token: string): void => {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || seen.has(token)) return;
    seen.add(token);
    out.push(token);
  };
  const segments = word.includes('.') ? word.split('.') : [word];
  const whole = word.toLowerCase().replace(/\$/g, '_');
  push(whole);
  if (segments.length === 1 && oracleSplitIdentifier(word).length <= 1) push(oracleStemToken(whole));
  for (const segment of segments) {
    const parts = oracleSplitIdentifier(segment);
    if (segments.length > 1) {
      const lower = segment.toLowerCase().replace(/\$/g, '_');
      push(lower);
      if (parts.length <= 1) push(oracleStemToken(lower));
    }
    if (parts.length > 1) for (const part of parts) push(oracleStemToken(part));
  }
  return out;
}

export function oracleCodeTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    for (const token of oracleExpandWord(match[0])) out.push(token);
  }
  return out;
}

export function oracleFtsText(text: string): string {
  return oracleCodeTokens(text).join(' ');
}

export function oraclePathTokens(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    const stem = segment.replace(/\.[^.]+$/, '');
    for (const token of oracleExpandWord(stem.replace(/[^A-Za-z0-9_$.]/g, '_'))) out.push(token);
  }
  return out;
}

export function oracleFtsTextMemo(text: string, memo: Map<string, string>): string {
  const words = text.match(WORD);
  if (words === null) return '';
  const parts: string[] = [];
  for (const word of words) {
    let expanded = memo.get(word);
    if (expanded === undefined) {
      expanded = oracleExpandWord(word).join(' ');
      memo.set(word, expanded);
    }
    if (expanded.length > 0) parts.push(expanded);
  }
  return parts.join(' ');
}

export class OracleSearchTextEncoder {
  private readonly memo = new Map<string, string>();

  text(text: string | null): string {
    if (text === null || text.length === 0) return '';
    if (this.memo.size > MAX_MEMO_WORDS) this.memo.clear();
    return oracleFtsTextMemo(text, this.memo);
  }

  path(path: string): string {
    return oraclePathTokens(path).join(' ');
  }

  lines(text: string | null, lineMemo: Map<string, string>): string {
    if (text === null || text.length === 0) return '';
    const parts: string[] = [];
    for (const line of text.split('\n')) {
      let tokens = lineMemo.get(line);
      if (tokens === undefined) {
        tokens = this.text(line);
        lineMemo.set(line, tokens);
      }
      if (tokens.length > 0) parts.push(tokens);
    }
    return parts.join(' ');
  }
}

export function oracleSearchTextOf(source: SearchTextSource, encoder: OracleSearchTextEncoder): SearchableText {
  const lineMemo = new Map<string, string>();
  return {
    path: encoder.path(source.path),
    body: encoder.lines(source.text, lineMemo),
    symbols: source.symbols.map((symbol) => ({
      name: encoder.text(symbol.name),
      qualified: encoder.text(symbol.qualifiedName),
      signature: encoder.text(symbol.signature),
      doc: encoder.text(symbol.doc),
      body: encoder.lines(source.symbolBodies.get(symbol.key) ?? null, lineMemo),
    })),
    docChunks: source.docChunks.map((chunk) => ({ heading: encoder.text(chunk.headingPath.join(' ')), body: encoder.text(chunk.text) })),
  };
}
