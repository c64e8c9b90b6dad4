// What the bpe/ tests compare against: gpt-tokenizer's o200k_base rank list, its byte
// look-up (BytePairEncodingCore) and its countTokens, counting special-token text as text.

import { createRequire } from 'node:module';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

import type { RankList } from './rank-table-writer.js';

const require = createRequire(import.meta.url);

export function o200kRanks(): RankList {
  return (require('gpt-tokenizer/cjs/bpeRanks/o200k_base') as { default: RankList }).default;
}

/** gpt-tokenizer's countTokens(text, { disallowedSpecial: new Set() }), as cairn's fallback counter calls it. */
export function referenceCounter(): (text: string) => number {
  const { countTokens } = require('gpt-tokenizer/cjs/encoding/o200k_base') as {
    countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
  };
  const plainText = { disallowedSpecial: new Set<string>() };
  return (text) => countTokens(text, plainText);
}

/** gpt-tokenizer's rank look-up of a byte run while merging (`getBpeRankFromBytes`): a rank or undefined. */
export function referenceByteLookup(ranks: RankList): (bytes: Uint8Array) => number | undefined {
  const { BytePairEncodingCore } = require('gpt-tokenizer/cjs/BytePairEncodingCore') as {
    BytePairEncodingCore: new (params: { bytePairRankDecoder: RankList; tokenSplitRegex: RegExp }) => {
      getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
    };
  };
  const core = new BytePairEncodingCore({ bytePairRankDecoder: ranks, tokenSplitRegex: O200K_TOKEN_SPLIT_REGEX });
  return (bytes) => core.getBpeRankFromBytes(bytes);
}
