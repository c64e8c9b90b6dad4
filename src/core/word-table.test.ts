// The word memo must give every word's exact expansion however full it is: while it
// grows, after it is emptied on reaching its limits, and with the front cache holding
// copies of records from before.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracleFtsText } from './search-text-oracle.fixture.js';
import { TokenBuffer } from './token-buffer.js';
import { anyText, codeText } from './tokenizer-arbitraries.fixture.js';
import { hashRange, nextWordStart, scanWord } from './tokens.js';
import { WordTable, type WordTableLimits } from './word-table.js';

function encodeWith(table: WordTable, text: string, out: TokenBuffer): string {
  const hash = new Int32Array(1);
  out.length = 0;
  for (let at = nextWordStart(text, 0, text.length); at < text.length; at = nextWordStart(text, at, text.length)) {
    const end = scanWord(text, at, hash);
    table.appendExpansion(text, at, end, hash[0]!, out);
    at = end;
  }
  return out.textSince(0);
}

function checkAgainstReference(limits: WordTableLimits, runs: number): void {
  const table = new WordTable(limits);
  const out = new TokenBuffer(8); // grows from almost nothing
  fc.assert(fc.property(fc.oneof(codeText, anyText), (text) => {
    expect(encodeWith(table, text, out)).toBe(oracleFtsText(text));
  }), { numRuns: runs });
}

describe('WordTable', () => {
  it('expands exactly while it grows past its first slots and record bytes', () => {
    checkAgainstReference({ maxWords: 1_000_000, maxBytes: 1 << 30 }, 3000);
  });

  it('expands exactly when emptied over and over by its word limit', () => {
    checkAgainstReference({ maxWords: 3, maxBytes: 1 << 30 }, 1500);
  });

  it('expands exactly when emptied over and over by its byte limit', () => {
    checkAgainstReference({ maxWords: 1_000_000, maxBytes: 600 }, 1500);
  });

  it('tells apart words of equal hash, in the front cache and in the table', () => {
    const [first, second] = ['w4pvu', 'wb3ea']; // both hash to -2132827905
    expect(hashRange(first, 0, first.length)).toBe(hashRange(second, 0, second.length));
    const table = new WordTable({ maxWords: 100, maxBytes: 1 << 20 });
    const out = new TokenBuffer();
    const text = `${first} ${second} ${first} ${second}.${first}`;
    expect(encodeWith(table, text, out)).toBe(oracleFtsText(text));
  });

  it('gives a dotted word its segments\' tokens once each', () => {
    const table = new WordTable({ maxWords: 100, maxBytes: 1 << 20 });
    const out = new TokenBuffer();
    for (const text of ['getUser.user', 'self.self.args', 'user getUser getUser.user', 'a.A.a']) {
      expect(encodeWith(table, text, out)).toBe(oracleFtsText(text));
    }
    expect(encodeWith(table, 'getUser.user', out)).toBe('getuser.user getuser get user');
  });
});
