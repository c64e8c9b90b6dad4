// Counting a text as the sum of its line-start segments, each counted once per fit.
//
// A fit counts the same text many times: an item's part at each detail, again with a higher
// limit when a raise is retried, and the whole render (which contains every part) two or
// three times while `budget.used` settles. o200k_base splits text into pieces before BPE,
// and no piece crosses a line start — a "\n" followed by a character that is neither
// whitespace nor "/" — so the count of a text is exactly the sum of the counts of the
// segments such line starts cut it into (why, piece by piece, in README.md). Segments
// repeat between parts and renders, so each is counted once and then looked up.

import type { TokenCounter } from '../../tokenizer/tokens.js';

/**
 * A counter that counts each distinct segment once. `counter` must declare that it is
 * additive at line starts; any other counter is returned as it is. Meant to live for one
 * fit: it keeps every segment it has seen.
 */
export function segmentMemo(counter: TokenCounter): TokenCounter {
  if (counter.additiveAtLineStarts !== true) return counter;
  const known = new Map<string, number>();
  /** Segments known to exceed a count: the largest limit they were found to exceed. */
  const above = new Map<string, number>();
  const countSegment = (segment: string, limit: number): number | null => {
    const exact = known.get(segment);
    if (exact !== undefined) return exact <= limit ? exact : null;
    const exceeded = above.get(segment);
    if (exceeded !== undefined && limit <= exceeded) return null;
    // Counted whole (the tokenizer's cheaper path) when stopping early would save little — a
    // segment no longer in characters than the limit is rarely over it — and when asked
    // again with more room, rather than counting it again up to each new limit. Exact either way.
    const whole = exceeded !== undefined || counter.countAtMost === undefined || segment.length <= limit;
    const counted = whole ? counter.count(segment) : counter.countAtMost!(segment, limit);
    if (counted === null) above.set(segment, limit);
    else known.set(segment, counted);
    return counted === null || counted > limit ? null : counted;
  };
  const countAtMost = (text: string, limit: number): number | null => {
    let total = 0;
    for (const segment of lineStartSegments(text)) {
      const counted = countSegment(segment, limit - total);
      if (counted === null) return null;
      total += counted;
    }
    return total;
  };
  return {
    name: counter.name,
    additiveAtLineStarts: true,
    count: (text) => countAtMost(text, Number.MAX_SAFE_INTEGER) ?? Number.MAX_SAFE_INTEGER,
    countAtMost: (text, limit) => (limit < 0 ? null : countAtMost(text, limit)),
  };
}

/** The text cut after every "\n" that is followed by a character other than whitespace or "/". */
export function lineStartSegments(text: string): string[] {
  const segments: string[] = [];
  let start = 0;
  for (let newline = text.indexOf('\n'); newline >= 0 && newline + 1 < text.length; newline = text.indexOf('\n', newline + 1)) {
    if (!startsPiece(text.charCodeAt(newline + 1))) continue;
    segments.push(text.slice(start, newline + 1));
    start = newline + 1;
  }
  segments.push(text.slice(start));
  return segments;
}

const WHITESPACE = /\s/;
const SLASH = 0x2f;

/** A character before which no o200k piece continues past a preceding "\n": not whitespace, not "/". */
function startsPiece(code: number): boolean {
  if (code === SLASH) return false;
  if (code > 0x20 && code < 0x7f) return true;
  return !WHITESPACE.test(String.fromCharCode(code));
}
