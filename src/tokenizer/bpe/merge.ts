// tiktoken's byte-pair merge, counting the parts instead of listing their ranks: start from
// single bytes, repeatedly join the adjacent pair whose joined bytes have the lowest rank
// (the leftmost on ties), and stop when no adjacent pair is a token. The steps mirror
// gpt-tokenizer's `bytePairMerge` one for one (same loop, same neighbour updates), so the
// two agree on every piece; buffers are typed arrays reused across calls.

import type { RankTable } from './rank-table.js';

/** Above every rank: the pair is not a token. */
const NO_RANK = 0x7fffffff;

export class BytePairMerger {
  /** starts[i]: where part i begins; starts[parts] = the piece's end. */
  private starts = new Int32Array(64);
  /** ranks[i]: the rank of parts i and i + 1 joined (NO_RANK when not a token or no part i + 1). */
  private ranks = new Int32Array(64);

  constructor(private readonly table: RankTable) {}

  /** How many tokens `bytes[0, length)` merges into (a piece that is not itself a token). */
  countParts(bytes: Uint8Array, length: number): number {
    if (length <= 1) return length;
    this.reserve(length + 1);
    const { starts, ranks } = this;
    for (let i = 0; i <= length; i++) {
      starts[i] = i;
      ranks[i] = i < length - 1 ? this.joinedRank(bytes, i, i + 2) : NO_RANK;
    }
    let bounds = length + 1; // entries in use in starts (and ranks)
    while (bounds > 1) {
      const at = lowestRankAt(ranks, bounds - 1);
      if (at < 0) break;
      starts.copyWithin(at + 1, at + 2, bounds);
      ranks.copyWithin(at, at + 1, bounds);
      bounds--;
      ranks[at] = at + 2 < bounds ? this.joinedRank(bytes, starts[at]!, starts[at + 2]!) : NO_RANK;
      if (at > 0) ranks[at - 1] = this.joinedRank(bytes, starts[at - 1]!, starts[at + 1]!);
    }
    return bounds - 1;
  }

  private joinedRank(bytes: Uint8Array, start: number, end: number): number {
    const rank = this.table.mergeRankOf(bytes, start, end);
    return rank < 0 ? NO_RANK : rank;
  }

  private reserve(size: number): void {
    if (this.starts.length >= size) return;
    const capacity = Math.max(size, this.starts.length * 2);
    this.starts = new Int32Array(capacity);
    this.ranks = new Int32Array(capacity);
  }
}

/** The first index below `end` holding the lowest rank, or -1 when none is a token. */
function lowestRankAt(ranks: Int32Array, end: number): number {
  let lowest = NO_RANK;
  let at = -1;
  for (let i = 0; i < end; i++) {
    const rank = ranks[i]!;
    if (rank < lowest) {
      lowest = rank;
      at = i;
    }
  }
  return at;
}
