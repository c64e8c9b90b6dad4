// A TokenCounter over a rank table: split the text with the encoding's pre-tokenizer regex,
// then count each piece as tiktoken (and gpt-tokenizer) encode it: one token when the whole
// piece is a token, else the parts of its byte-pair merge (merge.ts).

import type { TokenCounter } from '../tokens.js';
import { BytePairMerger } from './merge.js';
import { finishHash, FNV_OFFSET, FNV_PRIME, hashBytes, type RankTable } from './rank-table.js';
import { isWellFormedUtf16 } from './utf8.js';

/** Merged pieces remembered (code repeats its identifiers); the memo is emptied when full. */
const MEMO_LIMIT = 20_000;
/** V8 keeps strings this long as slices of the text they came from (see memoKey). */
const SLICED_STRING_MIN_LENGTH = 13;

export interface BpeCounterOptions {
  /** Shown in package headers, e.g. "o200k_base". */
  name: string;
  table: RankTable;
  /** The encoding's pre-tokenizer; copied, so that its lastIndex is this counter's own. */
  splitPattern: RegExp;
}

/**
 * Counts exactly as gpt-tokenizer's `countTokens(text, { disallowedSpecial: new Set() })`
 * with the same vocabulary and pattern: special-token text such as "<|endoftext|>" is plain text.
 */
export function createBpeCounter({ name, table, splitPattern }: BpeCounterOptions): TokenCounter {
  const splitter = new RegExp(splitPattern.source, splitPattern.flags.includes('g') ? splitPattern.flags : `${splitPattern.flags}g`);
  const pieces = new PieceCounter(table);
  /** The count, or -1 as soon as it is above `limit`. */
  const countUpTo = (text: string, limit: number): number => {
    let total = 0;
    splitter.lastIndex = 0;
    for (let match = splitter.exec(text); match !== null; match = splitter.exec(text)) {
      const piece = match[0];
      if (piece.length === 0) splitter.lastIndex++; // the pattern never matches empty; guards the loop all the same
      total += pieces.count(piece);
      if (total > limit) return -1;
    }
    return total;
  };
  return {
    name,
    additiveAtLineStarts: true,
    count: (text) => countUpTo(text, Number.POSITIVE_INFINITY),
    countAtMost: (text, limit) => {
      const count = limit < 0 ? -1 : countUpTo(text, limit);
      return count < 0 ? null : count;
    },
  };
}

/** Counts one pre-tokenized piece; holds the reused byte buffer, the merger and the memo. */
class PieceCounter {
  private bytes = new Uint8Array(256);
  private readonly encoder = new TextEncoder();
  private readonly merger: BytePairMerger;
  private readonly memo = new Map<string, number>();

  constructor(private readonly table: RankTable) {
    this.merger = new BytePairMerger(table);
  }

  count(piece: string): number {
    const length = piece.length;
    if (this.bytes.length < length * 3) this.bytes = new Uint8Array(Math.max(length * 3, this.bytes.length * 2));
    const bytes = this.bytes;
    // ASCII (most code): copy and hash in one pass.
    let hash = FNV_OFFSET;
    let i = 0;
    for (; i < length; i++) {
      const unit = piece.charCodeAt(i);
      if (unit >= 0x80) break;
      bytes[i] = unit;
      hash = Math.imul(hash ^ unit, FNV_PRIME);
    }
    let byteLength = length;
    // gpt-tokenizer looks a whole piece up as text, and no token is text with a lone
    // surrogate: such a piece is never one token, only merged from TextEncoder's bytes (U+FFFD for each).
    let mayBeOneToken = true;
    if (i < length) {
      byteLength = this.encoder.encodeInto(piece, bytes).written;
      hash = hashBytes(bytes, 0, byteLength);
      mayBeOneToken = isWellFormedUtf16(piece);
    } else {
      hash = finishHash(hash);
    }
    if (mayBeOneToken && this.table.rankOf(bytes, 0, byteLength, hash) >= 0) return 1;
    return this.merged(piece, bytes, byteLength);
  }

  private merged(piece: string, bytes: Uint8Array, byteLength: number): number {
    const known = this.memo.get(piece);
    if (known !== undefined) return known;
    const parts = this.merger.countParts(bytes, byteLength);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(memoKey(piece), parts);
    return parts;
  }
}

/**
 * A copy of the piece that does not hold on to the text it was cut from. V8 makes a match
 * of 13+ characters a slice of the whole text: keyed by it, the memo would keep every
 * counted file alive. Concatenating and then slicing gives a slice of a new flat string.
 */
function memoKey(piece: string): string {
  return piece.length < SLICED_STRING_MIN_LENGTH ? piece : `${piece} `.slice(0, -1);
}
