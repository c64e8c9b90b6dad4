// The terms a free-text query is searched with: code tokens (identifiers whole and split)
// without prose stop words, each once, in order of first appearance.

import { codeTokens } from '../core/tokens.js';
import { STOPWORDS } from './stopwords.js';

/** Queries longer than this are cut: a pasted issue with 2,000 terms ranks no better. */
const MAX_TERMS = 64;

export function queryTerms(text: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const token of codeTokens(text)) {
    if (token.length < 2 || STOPWORDS.has(token) || seen.has(token)) continue;
    seen.add(token);
    terms.push(token);
    if (terms.length >= MAX_TERMS) break;
  }
  return terms;
}
