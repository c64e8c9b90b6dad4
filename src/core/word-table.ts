// A memo of word expansions for the full-text encoder, keyed by the word as it stands in
// the text being tokenized: looked up by its hash (see scanWord) and compared in place, so
// a word seen before costs no string allocation and no Map probe, and its expansion is
// copied as bytes into the output. Open addressing with linear probing; each word's record
// holds the word and its expansion side by side. A dotted word's expansion is assembled
// from its segments' records, since segments ("self", "args") repeat far more than the
// dotted words they make up.

import { TokenBuffer } from './token-buffer.js';
import { expandSegment, expandWord, hashRange, MAX_TOKEN_LENGTH } from './tokens.js';

/** Longer words are expanded each time they occur, not kept: such runs (hashes, data) seldom repeat. */
const MAX_KEPT_WORD_LENGTH = 255;
const INITIAL_SLOTS = 1 << 12;
const INITIAL_RECORD_BYTES = 1 << 16;
/**
 * Record layout: word length (1 byte), expansion length (2 bytes, little-endian), word,
 * expansion. The expansion of a word of at most 255 characters is well under 64 KiB.
 */
const RECORD_HEADER = 3;
/**
 * The front cache: a small direct-mapped copy of recently used records, one fixed block
 * per entry, small enough to stay in the CPU cache while tree-sitter works between files.
 * Most occurrences are of a few thousand words, so most lookups end here.
 */
const FRONT_ENTRIES = 4096;
const FRONT_BLOCK = 64;
const SPACE = 0x20;
const DOT = 0x2e;

export interface WordTableLimits {
  /** The table is emptied when it holds this many words... */
  maxWords: number;
  /** ...or this many bytes of words and expansions. */
  maxBytes: number;
}

export class WordTable {
  /** Two ints per slot: the word's hash, then 1 + the offset of its record (0: empty slot). */
  private slots = new Int32Array(INITIAL_SLOTS * 2);
  private mask = INITIAL_SLOTS - 1;
  private records = new Uint8Array(INITIAL_RECORD_BYTES);
  private recordsLength = 0;
  private count = 0;
  private readonly frontHashes = new Int32Array(FRONT_ENTRIES);
  /** Per entry, a record as above in FRONT_BLOCK bytes; word length 0 marks an empty entry. */
  private readonly front = new Uint8Array(FRONT_ENTRIES * FRONT_BLOCK);
  /** Where the expansion of a new word is assembled (dotted words use their own). */
  private readonly segmentTokens = new TokenBuffer(256);
  private readonly dottedTokens = new TokenBuffer(256);

  constructor(private readonly limits: WordTableLimits) {}

  /** Appends the expansion of the word text[start, end), whose hash scanWord gave, to `out`: each token preceded by a space. */
  appendExpansion(text: string, start: number, end: number, hash: number, out: TokenBuffer): void {
    const length = end - start;
    if (length > MAX_KEPT_WORD_LENGTH) {
      out.appendTokens(expandWord(text.slice(start, end)));
      return;
    }
    const entry = hash & (FRONT_ENTRIES - 1);
    const block = entry * FRONT_BLOCK;
    if (this.frontHashes[entry] === hash && holds(this.front, block, text, start, length)) {
      const expansionStart = block + RECORD_HEADER + length;
      out.append(this.front, expansionStart, expansionStart + expansionLength(this.front, block));
      return;
    }
    const record = this.recordOf(text, start, end, hash);
    const records = this.records;
    const recordEnd = record + RECORD_HEADER + length + expansionLength(records, record);
    out.append(records, record + RECORD_HEADER + length, recordEnd);
    if (recordEnd - record <= FRONT_BLOCK) {
      this.frontHashes[entry] = hash;
      for (let at = record; at < recordEnd; at++) this.front[block + at - record] = records[at]!;
    }
  }

  /** Offset of the record of the word text[start, end), added if new. */
  private recordOf(text: string, start: number, end: number, hash: number): number {
    const found = this.find(hash, text, start, end - start);
    if (found !== -1) return found;
    const tokens = hasDot(text, start, end) ? this.dottedExpansion(text, start, end) : this.segmentExpansion(text, start, end);
    return this.insert(hash, text, start, end - start, tokens);
  }

  private segmentExpansion(text: string, start: number, end: number): TokenBuffer {
    const out = this.segmentTokens;
    out.length = 0;
    out.appendTokens(expandSegment(text.slice(start, end)));
    return out;
  }

  /**
   * expandWord of a dotted word (see tokens.ts expandDotted), from its segments' records:
   * the lowercased whole ("$" as "_"), then each segment's tokens not already there. The
   * whole holds a dot and no segment token does, so only segment tokens can repeat.
   */
  private dottedExpansion(text: string, start: number, end: number): TokenBuffer {
    const out = this.dottedTokens;
    out.length = 0;
    if (end - start <= MAX_TOKEN_LENGTH) out.appendLowerWhole(text, start, end);
    let segmentStart = start;
    for (let at = start; at <= end; at++) {
      if (at < end && text.charCodeAt(at) !== DOT) continue;
      const record = this.recordOf(text, segmentStart, at, hashRange(text, segmentStart, at));
      this.appendNewTokens(record, at - segmentStart, out);
      segmentStart = at + 1;
    }
    return out;
  }

  /** Appends each token of a record's expansion that `out` does not hold yet. */
  private appendNewTokens(record: number, wordLength: number, out: TokenBuffer): void {
    const records = this.records;
    const expansionEnd = record + RECORD_HEADER + wordLength + expansionLength(records, record);
    let tokenStart = record + RECORD_HEADER + wordLength + 1; // past the space before the first token
    while (tokenStart < expansionEnd) {
      let tokenEnd = tokenStart;
      while (tokenEnd < expansionEnd && records[tokenEnd] !== SPACE) tokenEnd++;
      if (!out.hasToken(records, tokenStart, tokenEnd)) out.appendToken(records, tokenStart, tokenEnd);
      tokenStart = tokenEnd + 1;
    }
  }

  /** Offset of the record of text[start, start + length), or -1. */
  private find(hash: number, text: string, start: number, length: number): number {
    const slots = this.slots;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const record = slots[2 * slot + 1]! - 1;
      if (record < 0) return -1;
      if (slots[2 * slot] === hash && holds(this.records, record, text, start, length)) return record;
    }
  }

  /** Adds a record and returns its offset. */
  private insert(hash: number, text: string, start: number, length: number, tokens: TokenBuffer): number {
    const bytes = RECORD_HEADER + length + tokens.length;
    if (this.count >= this.limits.maxWords || this.recordsLength + bytes > this.limits.maxBytes) this.clear();
    if ((this.count + 1) * 2 > this.mask + 1) this.growSlots();
    this.reserveRecords(bytes);
    const record = this.recordsLength;
    const records = this.records;
    records[record] = length;
    records[record + 1] = tokens.length & 0xff;
    records[record + 2] = tokens.length >>> 8;
    for (let at = 0; at < length; at++) records[record + RECORD_HEADER + at] = text.charCodeAt(start + at);
    records.set(tokens.bytes.subarray(0, tokens.length), record + RECORD_HEADER + length);
    this.recordsLength += bytes;
    this.place(hash, record);
    this.count++;
    return record;
  }

  private place(hash: number, record: number): void {
    let slot = hash & this.mask;
    while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & this.mask;
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = record + 1;
  }

  private growSlots(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = old.length - 1; // old.length / 2 slots before, twice as many now
    for (let slot = 0; slot < old.length; slot += 2) {
      if (old[slot + 1] !== 0) this.place(old[slot]!, old[slot + 1]! - 1);
    }
  }

  private reserveRecords(bytes: number): void {
    if (this.recordsLength + bytes <= this.records.length) return;
    let size = this.records.length * 2;
    while (size < this.recordsLength + bytes) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.records.subarray(0, this.recordsLength));
    this.records = grown;
  }

  /** Forgets every word (the front cache holds copies, still true, and stays). */
  private clear(): void {
    this.slots.fill(0);
    this.recordsLength = 0;
    this.count = 0;
  }
}

function hasDot(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (text.charCodeAt(at) === DOT) return true;
  return false;
}

/** Whether the record at `record` in `bytes` is the word text[start, start + length). */
function holds(bytes: Uint8Array, record: number, text: string, start: number, length: number): boolean {
  if (bytes[record] !== length) return false;
  const word = record + RECORD_HEADER;
  for (let at = 0; at < length; at++) {
    if (bytes[word + at] !== text.charCodeAt(start + at)) return false;
  }
  return true;
}

function expansionLength(bytes: Uint8Array, record: number): number {
  return bytes[record + 1]! | (bytes[record + 2]! << 8);
}
