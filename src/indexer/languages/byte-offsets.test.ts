import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Utf8Offsets } from './byte-offsets.js';

/** Every UTF-16 index that is not inside a surrogate pair: where tree-sitter can put a node edge. */
function codePointBoundaries(source: string): number[] {
  const out = [0];
  let index = 0;
  for (const char of source) {
    index += char.length;
    out.push(index);
  }
  return out;
}

/** Text from every UTF-8 length class, lone surrogates included (fc's 'binary' unit is slow). */
const mixedText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0x7ff }),
      fc.integer({ min: 0x800, max: 0xffff }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0x10000, max: 0x10ffff }),
    ),
    { maxLength: 40 },
  )
  .map((codes) => codes.map((code) => String.fromCodePoint(code)).join(''));

describe('Utf8Offsets', () => {
  it('is the identity for ASCII', () => {
    const offsets = new Utf8Offsets('def f():\n    pass\n');
    expect([0, 4, 18].map((i) => offsets.toByte(i))).toEqual([0, 4, 18]);
  });

  it('counts 2-, 3- and 4-byte characters', () => {
    const source = 'aé日😀b';
    const offsets = new Utf8Offsets(source);
    // a=1 byte, é=2, 日=3, 😀=4 (two UTF-16 units)
    expect([0, 1, 2, 3, 5, 6].map((i) => offsets.toByte(i))).toEqual([0, 1, 3, 6, 10, 11]);
  });

  it('encodes a lone surrogate as U+FFFD, like Buffer.from', () => {
    const source = 'a\ud800b';
    expect(new Utf8Offsets(source).toByte(3)).toBe(Buffer.byteLength(source));
  });

  it('agrees with Buffer.byteLength at every code point boundary', () => {
    fc.assert(
      fc.property(mixedText, (source) => {
        const offsets = new Utf8Offsets(source);
        return codePointBoundaries(source).every(
          (index) => offsets.toByte(index) === Buffer.byteLength(source.slice(0, index)),
        );
      }),
    );
  });
});
