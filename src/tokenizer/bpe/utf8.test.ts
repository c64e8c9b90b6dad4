import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isValidUtf8, isWellFormedUtf16 } from './utf8.js';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decodes = (bytes: Uint8Array): boolean => {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** Bytes near UTF-8's edges: lead bytes, continuations, overlong and surrogate forms. */
const edgyByte = fc.constantFrom(0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x9f, 0xa0, 0x8f, 0x90);

describe('isValidUtf8', () => {
  it('agrees with a strict TextDecoder on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), fc.array(edgyByte, { maxLength: 12 }), (random, edgy) => {
        for (const bytes of [random, Uint8Array.from(edgy)]) expect(isValidUtf8(bytes, 0, bytes.length)).toBe(decodes(bytes));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads only the range it is given', () => {
    const bytes = Uint8Array.from([0xff, 0xe2, 0x82, 0xac, 0xff]); // € between two invalid bytes
    expect(isValidUtf8(bytes, 1, 4)).toBe(true);
    expect(isValidUtf8(bytes, 1, 3)).toBe(false);
    expect(isValidUtf8(bytes, 0, 4)).toBe(false);
  });
});

describe('isWellFormedUtf16', () => {
  const roundTrips = (text: string): boolean => strictDecoder.decode(new TextEncoder().encode(text)) === text;

  it('is true exactly when UTF-8 encoding loses nothing', () => {
    const unit = fc.oneof(fc.integer({ min: 0xd7f0, max: 0xe010 }).map((code) => String.fromCharCode(code)), fc.constantFrom('a', '😀', 'é'));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), (units) => {
        const text = units.join('');
        expect(isWellFormedUtf16(text)).toBe(roundTrips(text));
      }),
      { numRuns: 3000 },
    );
  });
});
