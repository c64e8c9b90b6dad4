// Builds the rank table file (layout in rank-table.ts) from gpt-tokenizer's rank list, at
// build time (tools/bpe-table.mjs), never while counting.

import {
  checksumWords,
  hashBytes,
  HEADER_WORDS,
  parseRankTable,
  RANK_BITS,
  RANK_TABLE_MAGIC,
  RANK_TABLE_VERSION,
  RankTableError,
} from './rank-table.js';
import { isValidUtf8, isWellFormedUtf16 } from './utf8.js';

/**
 * gpt-tokenizer's rank list (`gpt-tokenizer/cjs/bpeRanks/o200k_base.js`): index = rank; a
 * string (the token's bytes as UTF-8 text) or an array of byte values (bytes that are not
 * valid UTF-8); holes for unused ranks.
 */
export type RankList = ReadonlyArray<string | readonly number[] | undefined>;

/**
 * 2^18 slots hold o200k_base at load 0.76. Linear probing stays cheap there: a probe past
 * the first slot compares 14-bit tags in the same cache line. Counting sympy's Python files
 * took the same time with 2^18, 2^19 and 2^20 slots (within noise), and the file is 1 MB
 * smaller than with 2^19 (less to read and checksum at load).
 */
export const DEFAULT_SLOT_BITS = 18;

export function serializeRankTable(ranks: RankList, slotBits: number = DEFAULT_SLOT_BITS): Uint8Array {
  const tokenCount = ranks.length;
  if (tokenCount + 1 >= 1 << RANK_BITS || 1 << slotBits <= tokenCount) {
    throw new RankTableError(`cannot store ${tokenCount} ranks in 2^${slotBits} slots with ${RANK_BITS}-bit ranks`);
  }
  const tokens = Array.from({ length: tokenCount }, (_, rank) => reachableBytes(ranks[rank], rank));
  const blobLength = tokens.reduce((sum, bytes) => sum + (bytes?.length ?? 0), 0);
  const offsetWords = tokenCount + 1;
  const slotWords = 2 ** slotBits;
  const words = new Uint32Array(HEADER_WORDS + offsetWords + slotWords + Math.ceil(blobLength / 4));
  const offsets = words.subarray(HEADER_WORDS, HEADER_WORDS + offsetWords);
  const slots = words.subarray(HEADER_WORDS + offsetWords, HEADER_WORDS + offsetWords + slotWords);
  const blob = new Uint8Array(words.buffer, (HEADER_WORDS + offsetWords + slotWords) * 4, blobLength);
  let at = 0;
  tokens.forEach((bytes, rank) => {
    offsets[rank] = at;
    if (bytes === null) return;
    blob.set(bytes, at);
    insert(slots, blob, at, bytes.length, rank);
    at += bytes.length;
  });
  offsets[tokenCount] = at;
  words.set([RANK_TABLE_MAGIC, RANK_TABLE_VERSION, tokenCount, slotBits, blobLength], 0);
  words[5] = checksumWords(words.subarray(HEADER_WORDS));
  const file = new Uint8Array(words.buffer);
  checkEveryTokenFound(file, tokens);
  return file;
}

const encoder = new TextEncoder();

/**
 * The bytes under which gpt-tokenizer can find a rank, or null when it never can. It looks
 * up valid UTF-8 as text and only invalid UTF-8 among its byte-array entries, so a
 * byte-array entry that is valid UTF-8 is unreachable: in o200k_base, the nine tokens that
 * start with a byte order mark (its rank list keeps them as bytes because decoding would
 * drop the mark). Leaving them out makes this table answer as gpt-tokenizer does.
 */
function reachableBytes(entry: string | readonly number[] | undefined, rank: number): Uint8Array | null {
  if (entry === undefined) return null;
  if (typeof entry === 'string') {
    // A lone surrogate has no exact UTF-8 form; gpt-tokenizer could only ever match it as
    // text. No o200k_base token has one; refuse rather than store a wrong key.
    if (!isWellFormedUtf16(entry)) throw new RankTableError(`token ${rank} is not well-formed text`);
    return encoder.encode(entry);
  }
  const bytes = Uint8Array.from(entry);
  return isValidUtf8(bytes, 0, bytes.length) ? null : bytes;
}

function insert(slots: Uint32Array, blob: Uint8Array, at: number, length: number, rank: number): void {
  const hash = hashBytes(blob, at, at + length);
  const mask = slots.length - 1;
  let slot = hash & mask;
  while (slots[slot] !== 0) slot = (slot + 1) & mask;
  slots[slot] = (((hash >>> RANK_BITS) << RANK_BITS) | (rank + 1)) >>> 0;
}

/**
 * Every stored token is found under its own rank: fails when two tokens have the same bytes
 * (gpt-tokenizer would keep one of them; this table would answer whichever it probes first).
 */
function checkEveryTokenFound(file: Uint8Array, tokens: ReadonlyArray<Uint8Array | null>): void {
  const table = parseRankTable(file);
  tokens.forEach((bytes, rank) => {
    if (bytes === null) return;
    const found = table.rankOf(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length));
    if (found !== rank) throw new RankTableError(`token ${rank}'s bytes are found as token ${found}`);
  });
}
