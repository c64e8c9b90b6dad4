// The context request's section_shares field: the shapes the HTTP face accepts and refuses
// (a refused body is a 400 naming the field, before any retrieval).

import { describe, expect, it } from 'vitest';
import { contextBody } from './schemas.js';

const body = (sectionShares: unknown) => ({ task: 'fix the total', section_shares: sectionShares });

describe('ContextRequest section_shares', () => {
  it('accepts shares of known sections, each 0..1, summing to at most 1 (or none)', () => {
    expect(contextBody.safeParse(body({ primary: 0.6, supporting: 0.25, historical: 0.05, supplementary: 0.1 })).success).toBe(true);
    expect(contextBody.safeParse(body({ supplementary: 1 })).success).toBe(true);
    expect(contextBody.safeParse({ task: 'fix the total' }).success).toBe(true);
  });

  it.each([
    ['a sum above 1', { primary: 0.8, supporting: 0.3 }, 'the section shares must sum to at most 1'],
    ['a share above 1', { primary: 1.5 }, 'section_shares'],
    ['a negative share', { primary: -0.1 }, 'section_shares'],
    ['an unknown section', { code: 0.5 }, 'section_shares'],
    ['a share that is not a number', { primary: '0.5' }, 'section_shares'],
  ])('refuses %s', (_, shares, message) => {
    const parsed = contextBody.safeParse(body(shares));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(message);
  });
});
