// node tree-sitter parses JS strings as UTF-16, so node indices are UTF-16 code-unit
// offsets (JS string indices), while the index stores UTF-8 byte offsets. This maps one
// to the other: identity for pure-ASCII sources, a binary search over the positions of
// non-ASCII code units otherwise.

export class Utf8Offsets {
  /** UTF-16 indices of non-ASCII code units, ascending; empty for ASCII sources. */
  private readonly positions: Int32Array;
  /** extraBytes[k] = UTF-8 bytes minus UTF-16 units over positions[0..k], inclusive. */
  private readonly extraBytes: Int32Array;

  constructor(source: string) {
    const positions: number[] = [];
    const extra: number[] = [];
    let total = 0;
    // Most sources are pure ASCII; a native regex scan finds the first exception fastest.
    const first = source.search(/[^\x00-\x7f]/);
    for (let i = first < 0 ? source.length : first; i < source.length; i++) {
      const unit = source.charCodeAt(i);
      if (unit < 0x80) continue;
      total += extraUtf8Bytes(source, i, unit);
      positions.push(i);
      extra.push(total);
    }
    this.positions = Int32Array.from(positions);
    this.extraBytes = Int32Array.from(extra);
  }

  /** The UTF-8 byte offset of a UTF-16 index into the same source. */
  toByte(index: number): number {
    const { positions } = this;
    if (positions.length === 0) return index;
    // Count the non-ASCII units strictly before `index`.
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((positions[mid] as number) < index) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? index : index + (this.extraBytes[lo - 1] as number);
  }
}

/**
 * Extra UTF-8 bytes one UTF-16 unit costs beyond its single index step. A valid surrogate
 * pair is 4 bytes for 2 units (+1 each); a lone surrogate becomes U+FFFD (3 bytes), as
 * `Buffer.from(source)` encodes it.
 */
function extraUtf8Bytes(source: string, i: number, unit: number): number {
  if (unit < 0x800) return 1;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = source.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 1 : 2;
  }
  if (unit >= 0xdc00 && unit <= 0xdfff) {
    const previous = source.charCodeAt(i - 1);
    return previous >= 0xd800 && previous <= 0xdbff ? 1 : 2;
  }
  return 2;
}
