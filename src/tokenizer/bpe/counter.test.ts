// The table counter must count exactly as gpt-tokenizer does (it replaces it, and the fit's
// budget promise rests on the count): compared on random text of many kinds and on every
// file of the test fixtures. The whole sympy and vite trees are compared by hand with
// bench/bpe-exactness.ts.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TokenCounter } from '../tokens.js';
import { createBpeCounter } from './counter.js';
import { o200kRanks, referenceCounter } from './o200k.fixture.js';
import { parseRankTable } from './rank-table.js';
import { serializeRankTable } from './rank-table-writer.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
/** Pieces of source code and the odd characters around them: pre-tokenizer edges and BPE merges. */
const codeBits = fc.constantFrom(
  'def', 'return', 'self', '_private', 'getValue', 'HTTPServer', 'x1', '__init__', 'Matrix', 'det',
  ' ', '  ', '    ', '\t', '\n', '\r\n', '\r', '\n\n', '\u00a0', '\u3000', '\u2028',
  '(', ')', '[', ']', '{', '}', ':', ';', ',', '.', '=>', '===', '//', '/*', '*/', '#', '"""', "'", '"', '`',
  '0', '7', '42', '123456789', '3.14', '1e-9', '0x1F',
  "'s", "'LL", "'ve", "n't",
  'é', 'e\u0301', '\u0308', 'ß', 'İ', 'Ω', 'ǅ', 'ʰ', '日本語', 'テキスト', 'ελληνικά', 'кириллица', 'العربية', 'हिन्दी',
  '👍', '👍🏽', '👨‍👩‍👧', '🇫🇷', '\u200d', '\ufe0f', '\ufeff', '\ufffd',
  '<|endoftext|>', '<|im_start|>', '<|fim_prefix|>',
);
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: fc.oneof(fc.constantFrom(' ', '\t', '\n', '\r', '\f', '\v', '\u0085', '\u00a0', '\u2009', '\ufeff'), fc.constantFrom('a', 'Z', '1', '/', '.')), maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('0', '1', '9', '٣', '½', '²', ' ', ',', '.'), maxLength: 60 }),
  fc.array(fc.oneof({ weight: 8, arbitrary: codeBits }, { weight: 1, arbitrary: loneSurrogate }), { maxLength: 60 }).map((bits) => bits.join('')),
);

describe('the table counter against gpt-tokenizer (o200k_base)', () => {
  let counter: TokenCounter;
  let reference: (text: string) => number;

  beforeAll(() => {
    const table = parseRankTable(serializeRankTable(o200kRanks()));
    counter = createBpeCounter({ name: 'o200k_base', table, splitPattern: O200K_TOKEN_SPLIT_REGEX });
    reference = referenceCounter();
  });

  it('counts random text exactly: unicode, code, whitespace runs, digits, CRLF, emoji, marks, lone surrogates', () => {
    fc.assert(
      fc.property(text, (sample) => {
        expect(counter.count(sample)).toBe(reference(sample));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts known cases exactly', () => {
    const cases = [
      '', 'hello world', '1234567', 'a <|endoftext|> b', '<|endoftext|>', '\ufeff\nimport os\n', 'x\ufeff\ufeff\n',
      '\ud800', 'a\udc00b', '\ud83d', ' '.repeat(1000), '\n'.repeat(300), 'x'.repeat(5000), '='.repeat(700),
      'supercalifragilisticexpialidocious_identifier_name', "I'M HERE, we'RE there", '\r\n\r\n    \r\n',
      // Equal ranks: the leftmost pair merges first ("ni" × 5 is 4 tokens, 3 if the rightmost did).
      'ni'.repeat(5), 'ba'.repeat(7),
    ];
    for (const sample of cases) expect(counter.count(sample), JSON.stringify(sample.slice(0, 40))).toBe(reference(sample));
  });

  it('counts every fixture file exactly', () => {
    const files = filesUnder(FIXTURES);
    expect(files.length).toBeGreaterThan(50);
    const differing = files.filter((path) => {
      const content = readFileSync(path, 'utf8');
      return counter.count(content) !== reference(content);
    });
    expect(differing).toEqual([]);
  });

  it('gives the same count again once pieces are memoized', () => {
    const source = readFileSync(join(FIXTURES, 'languages', 'widgets.py'), 'utf8');
    const first = counter.count(source);
    expect(counter.count(source)).toBe(first);
    expect(first).toBe(reference(source));
  });

  it('countAtMost is the count when within the limit, null above it or below zero', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 80 }), (sample, limit) => {
        const count = counter.count(sample);
        expect(counter.countAtMost!(sample, limit)).toBe(limit >= 0 && count <= limit ? count : null);
      }),
      { numRuns: 1000 },
    );
  });

  it('declares additivity at line starts, a property of the o200k pre-tokenizer', () => {
    expect(counter.additiveAtLineStarts).toBe(true);
    fc.assert(
      fc.property(text, text, (a, b) => {
        const head = `${a}\n`;
        const tail = `x${b}`;
        expect(counter.count(head + tail)).toBe(counter.count(head) + counter.count(tail));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the table counter over another vocabulary', () => {
  const counterOver = (ranks: string[]) =>
    createBpeCounter({ name: 'tiny', table: parseRankTable(serializeRankTable(ranks, 4)), splitPattern: O200K_TOKEN_SPLIT_REGEX });

  it('merges the lowest-ranked pair first', () => {
    // "abcd" is one piece. With bc ranked first: a|bc|d, and neither "abc" nor "bcd" is a
    // token: 3. With ab first: ab|c|d, then cd: ab|cd: 2.
    expect(counterOver(['a', 'b', 'c', 'd', 'bc', 'ab', 'cd']).count('abcd')).toBe(3);
    expect(counterOver(['a', 'b', 'c', 'd', 'ab', 'cd', 'bc']).count('abcd')).toBe(2);
  });

  it('counts a piece that is a whole token as one, whatever merging would give', () => {
    const counter = counterOver(['a', 'b', 'c', 'd', 'bc', 'ab', 'cd', 'abcd']);
    expect(counter.name).toBe('tiny');
    expect(counter.count('abcd')).toBe(1);
    expect(counter.count('abcd abcd')).toBe(1 + 4); // " abcd" is not a token: " "|a|bc|d
  });

  it('never counts a piece with a lone surrogate as one token: gpt-tokenizer merges its bytes', () => {
    // TextEncoder writes U+FFFD (EF BF BD) for a lone surrogate. That is a token here, but
    // no pair of its bytes is, so merging leaves three parts.
    const table = parseRankTable(serializeRankTable([[0xef], [0xbf], [0xbd], '\ufffd'], 4));
    const counter = createBpeCounter({ name: 'tiny', table, splitPattern: O200K_TOKEN_SPLIT_REGEX });
    expect(counter.count('\ufffd')).toBe(1);
    expect(counter.count('\ud800')).toBe(3);
  });
});
