import { describe, expect, it } from 'vitest';

import { isCairnError } from '../../core/errors.js';
import { countAtMost, createO200kCounter, withSafetyMargin, type TokenCounter } from './tokens.js';

describe('o200k_base counter', () => {
  const counter = createO200kCounter();

  it('counts with the o200k_base encoding', () => {
    expect(counter.name).toBe('o200k_base');
    expect(counter.count('')).toBe(0);
    expect(counter.count('hello world')).toBe(2);
    // o200k groups digits by three: 1234567 → 123 | 456 | 7.
    expect(counter.count('1234567')).toBe(3);
  });

  it('counts special-token text in source files as plain text instead of throwing', () => {
    expect(counter.count('a <|endoftext|> b')).toBeGreaterThan(3);
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
