// The text written into full-text columns, produced once per write with a memo of word
// expansions shared across files (tokens.ts ftsTextMemo). The memo is bounded so that a
// repository full of unique tokens (minified code, data) cannot grow it without limit.

import { ftsTextMemo, pathTokens } from '../../core/tokens.js';

const MAX_MEMO_WORDS = 500_000;

export class FtsTextEncoder {
  private readonly memo = new Map<string, string>();

  /** Same output as ftsText(text). */
  text(text: string | null): string {
    if (text === null || text.length === 0) return '';
    if (this.memo.size > MAX_MEMO_WORDS) this.memo.clear();
    return ftsTextMemo(text, this.memo);
  }

  path(path: string): string {
    return pathTokens(path).join(' ');
  }
}
