// The hand-written scanner and splitter must tokenize exactly as the regex implementation
// they replaced (search-text-oracle.fixture.ts): indexes already built, and the query side,
// depend on the very same tokens.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  oracleCodeTokens,
  oracleExpandWord,
  oracleFtsText,
  oraclePathTokens,
  oracleSplitIdentifier,
  oracleStemToken,
} from './search-text-oracle.fixture.js';
import { anyText, codeText, identifier, longWord, repositoryPath } from './tokenizer-arbitraries.fixture.js';
import { codeTokens, expandWord, ftsText, hashRange, nextWordStart, pathTokens, scanWord, splitIdentifier, stemToken } from './tokens.js';

const RUNS = { numRuns: 3000 };

describe('tokens, against the regex reference', () => {
  it('codeTokens and ftsText', () => {
    fc.assert(fc.property(anyText, (text) => {
      expect(codeTokens(text)).toEqual(oracleCodeTokens(text));
      expect(ftsText(text)).toBe(oracleFtsText(text));
    }), RUNS);
  });

  it('splitIdentifier, on identifiers and on anything', () => {
    fc.assert(fc.property(fc.oneof(identifier, anyText), (text) => {
      expect(splitIdentifier(text)).toEqual(oracleSplitIdentifier(text));
    }), RUNS);
  });

  it('expandWord, on words and on the odd strings pathTokens passes it', () => {
    fc.assert(fc.property(fc.oneof(identifier, anyText), (word) => {
      expect(expandWord(word)).toEqual(oracleExpandWord(word));
    }), RUNS);
  });

  it('stemToken', () => {
    fc.assert(fc.property(fc.oneof(fc.stringMatching(/^[a-z]{0,12}$/), longWord, anyText), (token) => {
      expect(stemToken(token)).toBe(oracleStemToken(token));
    }), RUNS);
  });

  it('pathTokens', () => {
    fc.assert(fc.property(repositoryPath, (path) => {
      expect(pathTokens(path)).toEqual(oraclePathTokens(path));
    }), RUNS);
  });

  it('keeps the stem of an over-long lowercase word when the stem fits the cap', () => {
    const word = `${'ba'.repeat(30)}ization`; // 67 characters, its stem 60
    expect(expandWord(word)).toEqual(oracleExpandWord(word));
    expect(expandWord(word)).toEqual(['ba'.repeat(30)]);
  });

  it('splits camel-case runs as the regex did, each match consumed before the next', () => {
    expect(splitIdentifier('aBCd')).toEqual(['a', 'bcd']);
    expect(splitIdentifier('ABcD')).toEqual(['a', 'bcd']);
    expect(splitIdentifier('aBCDe')).toEqual(['a', 'bc', 'de']);
    expect(splitIdentifier('HTTPServer2Go')).toEqual(['http', 'server2', 'go']);
  });
});

describe('scanWord', () => {
  it('gives each word the hash hashRange gives its characters', () => {
    const hash = new Int32Array(1);
    fc.assert(fc.property(codeText, (text) => {
      for (let at = nextWordStart(text, 0, text.length); at < text.length; at = nextWordStart(text, at, text.length)) {
        const end = scanWord(text, at, hash);
        expect(hash[0]).toBe(hashRange(text, at, end));
        at = end;
      }
    }), { numRuns: 500 });
  });
});
