// The o200k_base counter over the table `npm run build` writes (tools/bpe-table.mjs):
// gpt-tokenizer's own pre-tokenizer pattern (a small module, without its 2.2 MB rank list)
// and the rank table file, which loads in a few milliseconds.

import { join } from 'node:path';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

import { installRoot } from '../../core/install-root.js';
import type { TokenCounter } from '../tokens.js';
import { createBpeCounter } from './counter.js';
import { readRankTable } from './rank-table.js';

/** Where the build writes the table, relative to cairn's install root (dist/ ships in the package). */
export const O200K_TABLE_PATH_IN_PACKAGE = ['dist', 'tokenizer', 'o200k_base.bin'] as const;

export function o200kTablePath(): string {
  return join(installRoot(import.meta.url), ...O200K_TABLE_PATH_IN_PACKAGE);
}

/**
 * The o200k_base counter over the table at `tablePath`, or null when that file does not
 * exist. Throws RankTableError when it exists but is damaged.
 */
export function createTableO200kCounter(tablePath: string = o200kTablePath()): TokenCounter | null {
  const table = readRankTable(tablePath);
  if (table === null) return null;
  return createBpeCounter({ name: 'o200k_base', table, splitPattern: O200K_TOKEN_SPLIT_REGEX });
}
