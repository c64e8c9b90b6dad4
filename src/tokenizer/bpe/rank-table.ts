// A BPE vocabulary (token bytes → rank) as one binary file read into typed arrays: loading
// it is a file read and a checksum, with no per-token JavaScript objects (gpt-tokenizer's
// o200k_base builds a 200 k-entry Map from a 2.2 MB module: ~220 ms in a fresh process).
//
// Layout (32-bit words in the platform's byte order; the magic number fails to match when
// that differs):
//
//   header   MAGIC, VERSION, tokenCount, slotBits, blobLength, checksum
//   offsets  tokenCount + 1 words: token r's bytes are blob[offsets[r], offsets[r + 1])
//   slots    2^slotBits words, an open-addressing (linear probing) hash table: 0 = empty, else
//            (top TAG_BITS of the key's hash) << RANK_BITS | (rank + 1)
//   blob     blobLength bytes, zero-padded to a whole word
//
// The checksum covers every word after the header, so a truncated or damaged file is refused
// rather than counted with.

import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { CairnError } from '../../core/errors.js';
import { isValidUtf8 } from './utf8.js';

export const RANK_TABLE_MAGIC = 0x45504263; // "cBPE" read little-endian
export const RANK_TABLE_VERSION = 1;
export const HEADER_WORDS = 6;
/** Ranks are stored + 1 in the low RANK_BITS of a slot, the hash tag in the rest. */
export const RANK_BITS = 18;
const RANK_MASK = (1 << RANK_BITS) - 1;
const TAG_SHIFT = RANK_BITS;

/** The file is not a rank table this code can read: truncated, damaged or another version. */
export class RankTableError extends CairnError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('INTERNAL', message, { ...options, hint: 'The tokenizer table is damaged: rebuild it with `npm run build`, or reinstall cairn.' });
    this.name = 'RankTableError';
  }
}

/** FNV-1a over bytes, then murmur3's finaliser so the low bits (the slot index) mix well. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, FNV_PRIME);
  return finishHash(hash);
}

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

export function finishHash(hash: number): number {
  let h = hash;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The checksum stored in the header: CRC-32 of the words' bytes (zlib's, native: ~3 ms for o200k_base's 4 MB, a JavaScript loop took ~8 ms cold). */
export function checksumWords(words: Uint32Array): number {
  return crc32(words);
}

export class RankTable {
  private readonly slotMask: number;

  constructor(
    readonly tokenCount: number,
    private readonly offsets: Uint32Array,
    private readonly slots: Uint32Array,
    private readonly blob: Uint8Array,
  ) {
    this.slotMask = slots.length - 1;
  }

  /** The rank of the token whose bytes are exactly `bytes[start, end)` (hashed as `hash`), or -1. */
  rankOf(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const tag = hash >>> TAG_SHIFT;
    const length = end - start;
    for (let slot = hash & this.slotMask; ; slot = (slot + 1) & this.slotMask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return -1;
      if (entry >>> TAG_SHIFT !== tag) continue;
      const rank = (entry & RANK_MASK) - 1;
      const from = this.offsets[rank]!;
      if (this.offsets[rank + 1]! - from === length && this.sameBytes(from, bytes, start, length)) return rank;
    }
  }

  /**
   * The rank gpt-tokenizer finds for a byte run while merging (BytePairEncodingCore
   * `getBpeRankFromBytes`): it decodes valid UTF-8 with a TextDecoder, which drops a leading
   * byte order mark, and looks the remaining text up. So a valid run starting with EF BB BF
   * has the rank of the run without it. Matching that keeps this counter equal to the
   * gpt-tokenizer one it replaces (which also counts when no table is built).
   */
  mergeRankOf(bytes: Uint8Array, start: number, end: number): number {
    const bom = end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf;
    const from = bom && isValidUtf8(bytes, start, end) ? start + 3 : start;
    return this.rankOf(bytes, from, end, hashBytes(bytes, from, end));
  }

  private sameBytes(from: number, bytes: Uint8Array, start: number, length: number): boolean {
    const blob = this.blob;
    for (let i = 0; i < length; i++) if (blob[from + i] !== bytes[start + i]) return false;
    return true;
  }
}

/** Reads a table file's bytes (views, not copies, when word-aligned). Throws RankTableError when they are not a sound table. */
export function parseRankTable(file: Uint8Array, source = 'the tokenizer table'): RankTable {
  const aligned = file.byteOffset % 4 === 0 ? file : file.slice();
  if (aligned.byteLength < HEADER_WORDS * 4 || aligned.byteLength % 4 !== 0) {
    throw new RankTableError(`${source} is ${aligned.byteLength} bytes long, not a whole number of words after a header`);
  }
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
  const [magic, version, tokenCount, slotBits, blobLength, checksum] = words;
  if (magic !== RANK_TABLE_MAGIC || version !== RANK_TABLE_VERSION) {
    throw new RankTableError(`${source} has magic ${magic} version ${version}, expected ${RANK_TABLE_MAGIC} version ${RANK_TABLE_VERSION}`);
  }
  if (tokenCount! >= RANK_MASK || slotBits! < 1 || slotBits! > 30 || 1 << slotBits! <= tokenCount!) {
    throw new RankTableError(`${source}'s header is inconsistent (${tokenCount} tokens, 2^${slotBits} slots)`);
  }
  const offsetWords = tokenCount! + 1;
  const slotWords = 2 ** slotBits!;
  const expectedWords = HEADER_WORDS + offsetWords + slotWords + Math.ceil(blobLength! / 4);
  if (words.length !== expectedWords) {
    throw new RankTableError(`${source} is ${words.length * 4} bytes long, its header describes ${expectedWords * 4}`);
  }
  const body = words.subarray(HEADER_WORDS);
  if (checksumWords(body) !== checksum) throw new RankTableError(`${source} fails its checksum`);
  const offsets = body.subarray(0, offsetWords);
  if (offsets[offsetWords - 1] !== blobLength) throw new RankTableError(`${source}'s offsets do not end at its blob's end`);
  const slots = body.subarray(offsetWords, offsetWords + slotWords);
  const blobStart = aligned.byteOffset + (HEADER_WORDS + offsetWords + slotWords) * 4;
  return new RankTable(tokenCount!, offsets, slots, new Uint8Array(aligned.buffer, blobStart, blobLength));
}

/**
 * The table in the file at `path`, or null when there is no such file (running from sources
 * without a build). Throws RankTableError when the file exists but cannot be read or is not
 * a sound table.
 */
export function readRankTable(path: string): RankTable | null {
  let file: Uint8Array;
  try {
    file = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new RankTableError(`the tokenizer table ${path} cannot be read`, { cause: error });
  }
  return parseRankTable(file, `the tokenizer table ${path}`);
}
