import { describe, expect, it } from 'vitest';

import { isCairnError } from '../../core/errors.js';
import { availableTokens } from './limits.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isCairnError(error) ? error.code : 'not a CairnError';
  }
  return undefined;
}

describe('availableTokens', () => {
  it('is the window minus the reserve', () => {
    expect(availableTokens({ contextWindow: 128_000, reservedTokens: 8_000 })).toBe(120_000);
    expect(availableTokens({ contextWindow: 1, reservedTokens: 0 })).toBe(1);
  });

  it.each([
    [{ contextWindow: 0, reservedTokens: 0 }],
    [{ contextWindow: 100, reservedTokens: 100 }],
    [{ contextWindow: 100, reservedTokens: 200 }],
    [{ contextWindow: 100, reservedTokens: -1 }],
    [{ contextWindow: 100.5, reservedTokens: 0 }],
    [{ contextWindow: Number.NaN, reservedTokens: 0 }],
  ])('rejects an impossible budget %o with a BUDGET error', (budget) => {
    expect(codeOf(() => availableTokens(budget))).toBe('BUDGET');
  });
});
