import { describe, expect, it } from 'vitest';
import { prepareInput } from './batching.js';

describe('prepareInput (truncation policy)', () => {
  it('keeps texts up to the limit unchanged and cuts longer ones to exactly the limit', () => {
    expect(prepareInput('abcde', 5)).toBe('abcde');
    expect(prepareInput('abcdef', 5)).toBe('abcde');
  });

  it('never splits a surrogate pair at the cut', () => {
    // "ab😀" is 4 UTF-16 units; cutting at 3 would keep half of the emoji.
    expect(prepareInput('ab😀c', 3)).toBe('ab');
    expect(prepareInput('ab😀c', 4)).toBe('ab😀');
  });

  it('turns an empty text into a single space', () => {
    expect(prepareInput('', 10)).toBe(' ');
  });
});
