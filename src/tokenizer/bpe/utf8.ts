// UTF-8 and UTF-16 validity checks, written to agree with gpt-tokenizer's own (utfUtil.ts
// `isValidUTF8`), because its vocabulary look-up branches on them (see rank-table.ts).

/** True when `bytes[start, end)` is well-formed UTF-8: no overlong forms, surrogates or code points above U+10FFFF. */
export function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i < end) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const width = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (width === 0 || i + width > end) return false;
    let codePoint = lead & (0xff >> (width + 1));
    for (let k = 1; k < width; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return false;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (codePoint < MIN_CODE_POINT_OF_WIDTH[width]! || (codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint > 0x10ffff) {
      return false;
    }
    i += width;
  }
  return true;
}

/** The smallest code point each encoded width may hold (anything below is an overlong form). */
const MIN_CODE_POINT_OF_WIDTH = [0, 0, 0x80, 0x800, 0x10000];

/**
 * True when `text` has no lone surrogate (what String.prototype.isWellFormed answers; not in
 * the ES2023 library this project compiles against). Such a string has no exact UTF-8 form:
 * TextEncoder writes U+FFFD for each lone surrogate.
 */
export function isWellFormedUtf16(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit > 0xdbff) return false; // a low surrogate with no high one before it
    const next = text.charCodeAt(i + 1); // NaN past the end
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}
