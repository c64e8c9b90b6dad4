// The claim segments.ts rests on: o200k_base counts a text exactly as the sum of its
// line-start segments. Checked on random texts built from the characters that matter to
// the pre-tokenizer (newlines, "\r", slashes, spaces, tabs, unicode whitespace, letters,
// digits, marks, punctuation, special-token text) and on real code.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineStartSegments, segmentMemo } from './segments.js';
import { createO200kCounter, type TokenCounter } from '../../tokenizer/tokens.js';

const o200k = createO200kCounter();
const RUNS = Number(process.env.CAIRN_PROPERTY_RUNS ?? 300);

const PIECES = ['\n', '\n', '\r\n', '\r', '/', '//', ' ', '  ', '\t', '\u00a0', '\u2028', '\u3000', 'a', 'Ab', 'def', 'x_1', '1', '123', '4567', '\u0301', 'é', '日本', '😀', '#', '```', '`', '(', '):', "'s", '"', '-', '*', '<|endoftext|>', '\f', '\v'];
const textArb = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

describe('lineStartSegments', () => {
  it('cuts only after a newline followed by neither whitespace nor a slash, and loses nothing', () => {
    expect(lineStartSegments('a\nb\n c\n/d\n\ne\n')).toEqual(['a\n', 'b\n c\n/d\n\n', 'e\n']);
    expect(lineStartSegments('')).toEqual(['']);
    expect(lineStartSegments('x\n\u00a0y\n1')).toEqual(['x\n\u00a0y\n', '1']);
    fc.assert(fc.property(textArb, (text) => lineStartSegments(text).join('') === text), { numRuns: RUNS });
  });
});

describe('o200k_base is additive at line starts', () => {
  it('counts every random text as the sum of its segments', () => {
    fc.assert(
      fc.property(fc.array(textArb, { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.join('\n');
        const sum = lineStartSegments(text).reduce((total, segment) => total + o200k.count(segment), 0);
        expect(sum).toBe(o200k.count(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('counts real code as the sum of its segments', () => {
    for (const file of ['segments.ts', 'fit.ts', '../../render/markdown.ts']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      const segments = lineStartSegments(text);
      expect(segments.length).toBeGreaterThan(5);
      expect(segments.reduce((total, segment) => total + o200k.count(segment), 0)).toBe(o200k.count(text));
    }
  });
});

describe('segmentMemo', () => {
  it('gives the counts and limits of the counter it wraps, counting each segment once', () => {
    let counted = 0;
    const spy: TokenCounter = { ...o200k, count: (text) => (counted++, o200k.count(text)), countAtMost: (text, limit) => (counted++, o200k.countAtMost!(text, limit)) };
    const memo = segmentMemo(spy);
    const text = 'def f(x):\n    return x\n\nclass A:\n    pass\n'.repeat(3);
    const exact = o200k.count(text);
    expect(memo.count(text)).toBe(exact);
    const afterFirst = counted;
    expect(memo.count(text)).toBe(exact);
    expect(memo.countAtMost!(text, exact)).toBe(exact);
    expect(memo.countAtMost!(text, exact - 1)).toBeNull();
    expect(memo.countAtMost!(text, -1)).toBeNull();
    expect(counted).toBe(afterFirst);
    expect(afterFirst).toBe(new Set(lineStartSegments(text)).size);
  });

  it('agrees with the plain counter under any sequence of limits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(textArb, fc.integer({ min: -1, max: 60 })), { maxLength: 12 }), (asks) => {
        const memo = segmentMemo(o200k);
        for (const [text, limit] of asks) {
          const exact = o200k.count(text);
          expect(memo.countAtMost!(text, limit)).toBe(limit >= 0 && exact <= limit ? exact : null);
          expect(memo.count(text)).toBe(exact);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves counters that do not declare the property as they are', () => {
    const chars: TokenCounter = { name: 'chars', count: (text) => Math.ceil(text.length / 4) };
    expect(segmentMemo(chars)).toBe(chars);
  });
});
