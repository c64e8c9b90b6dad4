import { describe, expect, it } from 'vitest';
import { isBinary } from './binary.js';

describe('isBinary', () => {
  it('is true when a NUL byte occurs in the first 8 KiB', () => {
    expect(isBinary(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]))).toBe(true);
    const late = Buffer.alloc(8 * 1024, 0x61);
    late[8 * 1024 - 1] = 0;
    expect(isBinary(late)).toBe(true);
  });

  it('is false for text, empty input, and a NUL byte after the first 8 KiB', () => {
    expect(isBinary(Buffer.from('def f():\n    return "é"\n'))).toBe(false);
    expect(isBinary(Buffer.alloc(0))).toBe(false);
    const beyond = Buffer.alloc(8 * 1024 + 1, 0x61);
    beyond[8 * 1024] = 0;
    expect(isBinary(beyond)).toBe(false);
  });
});
