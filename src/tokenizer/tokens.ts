// Token counting. The budget is enforced on the rendered package counted with one
// TokenCounter; the default is the o200k_base BPE (GPT-4o family), whose count is exact for
// that encoding and a close proxy for other modern tokenizers. It counts over the rank
// table `npm run build` writes (bpe/: loads in milliseconds); without a build, it is
// gpt-tokenizer's, whose vocabulary takes ~220 ms to load, so it is loaded when the first
// counter is made, not when this module is imported. The two give the same counts
// (bpe/counter.test.ts).

import { createRequire } from 'node:module';

import { ConfigError } from '../core/errors.js';
import { createTableO200kCounter } from './bpe/o200k.js';

type O200k = typeof import('gpt-tokenizer/encoding/o200k_base');

export interface TokenCounter {
  /** Shown in package headers and logs, e.g. "o200k_base". */
  readonly name: string;
  count(text: string): number;
  /**
   * The count when it is at most `limit`, else null — allowed to stop early, which makes
   * "does this 200 kB file fit in the 3 000 tokens left?" cheap. Optional.
   */
  countAtMost?(text: string, limit: number): number | null;
  /**
   * True when count(a + b) = count(a) + count(b) whenever `a` ends with "\n" and `b` starts
   * with a character that is neither whitespace nor "/" (true of o200k_base: its
   * pre-tokenizer never continues a piece past such a line start). Lets a fit count a text
   * as the sum of its segments and count each segment once (segments.ts).
   */
  readonly additiveAtLineStarts?: boolean;
}

/** `countAtMost` when the counter has it, else a full count compared with the limit. */
export function countAtMost(counter: TokenCounter, text: string, limit: number): number | null {
  if (limit < 0) return null;
  if (counter.countAtMost !== undefined) return counter.countAtMost(text, limit);
  const count = counter.count(text);
  return count <= limit ? count : null;
}

// Source files may contain "<|endoftext|>" and the like as plain text: count them as text
// (gpt-tokenizer throws on special tokens by default).
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** The o200k_base encoding, loaded on first use (synchronously: counters are synchronous; require caches it). */
function loadO200k(): O200k {
  return createRequire(import.meta.url)('gpt-tokenizer/cjs/encoding/o200k_base') as O200k;
}

/**
 * The o200k_base counter: over the built rank table at `tablePath` (default: the one in
 * cairn's dist/) when that file exists, else gpt-tokenizer's. A table that exists but is
 * damaged throws RankTableError (INTERNAL): the installation is broken, and quietly
 * counting the slow way would hide it.
 */
export function createO200kCounter(tablePath?: string): TokenCounter {
  return createTableO200kCounter(tablePath) ?? createGptTokenizerO200kCounter();
}

/** gpt-tokenizer's o200k_base: the reference the table counter is tested against. */
export function createGptTokenizerO200kCounter(): TokenCounter {
  const { countTokens, isWithinTokenLimit } = loadO200k();
  return {
    name: 'o200k_base',
    additiveAtLineStarts: true,
    count: (text) => (text.length === 0 ? 0 : countTokens(text, PLAIN_TEXT)),
    countAtMost: (text, limit) => {
      const count = isWithinTokenLimit(text, Math.max(0, limit), PLAIN_TEXT);
      return count === false ? null : count;
    },
  };
}

/**
 * A counter that overstates another by a ratio (e.g. 1.1 for a 10 % margin), for when the
 * target model's tokenizer differs from the one counted with. Rounded up, so a margin
 * never undercounts.
 */
export function withSafetyMargin(counter: TokenCounter, ratio: number): TokenCounter {
  if (!Number.isFinite(ratio) || ratio < 1) {
    throw new ConfigError(`token safety margin must be a finite number >= 1, got ${ratio}`);
  }
  return {
    name: ratio === 1 ? counter.name : `${counter.name}×${ratio}`,
    count: (text) => Math.ceil(counter.count(text) * ratio),
  };
}
