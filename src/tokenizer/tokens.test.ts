import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isCairnError } from '../core/errors.js';
import { createTableO200kCounter } from './bpe/o200k.js';
import { RankTableError } from './bpe/rank-table.js';
import { serializeRankTable } from './bpe/rank-table-writer.js';
import { countAtMost, createGptTokenizerO200kCounter, createO200kCounter, withSafetyMargin, type TokenCounter } from './tokens.js';

describe.each([
  ['the default (built table)', createO200kCounter],
  ['gpt-tokenizer (the fallback)', createGptTokenizerO200kCounter],
])('o200k_base counter: %s', (_name, create) => {
  const counter = create();

  it('counts with the o200k_base encoding', () => {
    expect(counter.name).toBe('o200k_base');
    expect(counter.additiveAtLineStarts).toBe(true);
    expect(counter.count('')).toBe(0);
    expect(counter.count('hello world')).toBe(2);
    // o200k groups digits by three: 1234567 → 123 | 456 | 7.
    expect(counter.count('1234567')).toBe(3);
  });

  it('counts special-token text in source files as plain text instead of throwing', () => {
    // As text, "<|endoftext|>" is < | end of text | > (gpt-tokenizer's count, with
    // disallowedSpecial empty), not the one special token.
    expect(counter.count('<|endoftext|>')).toBe(7);
    expect(counter.count('a <|endoftext|> b')).toBe(9);
  });
});

describe('createO200kCounter: which table', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-tokens-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts over the built table when there is one (the test setup builds it)', () => {
    expect(createTableO200kCounter()).not.toBeNull();
  });

  it('counts over the table file it is given', () => {
    const path = join(dir, 'tiny.bin');
    writeFileSync(path, serializeRankTable(['a', 'b', 'c', 'd', 'ab'], 4));
    // o200k_base has "abcd" as one token; this vocabulary merges it to ab|c|d.
    expect(createO200kCounter(path).count('abcd')).toBe(3);
  });

  it('falls back to gpt-tokenizer when there is no table file (running from sources)', () => {
    expect(createO200kCounter(join(dir, 'missing.bin')).count('abcd')).toBe(1);
  });

  it('refuses a damaged table with a typed error rather than counting wrong or slowly', () => {
    const path = join(dir, 'damaged.bin');
    writeFileSync(path, serializeRankTable(['a', 'b', 'ab'], 4).subarray(0, 40));
    try {
      createO200kCounter(path);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RankTableError);
      expect(isCairnError(error) && error.code).toBe('INTERNAL');
    }
  });
});

describe('countAtMost', () => {
  const text = 'def read_csv(path):\n    return _read(path)\n'.repeat(50);

  it('agrees with count when within the limit, and is null above it', () => {
    const counter = createO200kCounter();
    const exact = counter.count(text);
    expect(countAtMost(counter, text, exact)).toBe(exact);
    expect(countAtMost(counter, text, exact - 1)).toBeNull();
    expect(countAtMost(counter, text, -1)).toBeNull();
  });

  it('falls back to a full count for counters without it', () => {
    const plain: TokenCounter = { name: 'chars', count: (t) => t.length };
    expect(countAtMost(plain, 'abc', 3)).toBe(3);
    expect(countAtMost(plain, 'abc', 2)).toBeNull();
  });
});

describe('withSafetyMargin', () => {
  const fixed: TokenCounter = { name: 'fixed', count: (text) => text.length };

  it('overstates by the ratio, rounding up', () => {
    const margin = withSafetyMargin(fixed, 1.1);
    expect(margin.count('x'.repeat(10))).toBe(11);
    expect(margin.count('x'.repeat(11))).toBe(13);
    expect(margin.name).toBe('fixed×1.1');
  });

  it('rejects a ratio below 1 as a configuration error', () => {
    try {
      withSafetyMargin(fixed, 0.9);
      expect.unreachable();
    } catch (error) {
      expect(isCairnError(error) && error.code).toBe('CONFIG_INVALID');
    }
  });
});
