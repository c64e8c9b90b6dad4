// Search over several repositories at once (team scale: every repository with a published
// index generation, each opened by its own reader). Each repository is searched as
// `cairn search` searches one, and the hits are merged by score: each score is that
// repository's own BM25, as zoekt scores each shard on its own — a term rare in one
// repository weighs more there, which is what a reader of that repository would expect.

import { compareText } from '../core/compare.js';
import type { CuratedReader } from '../store/curated.js';
import { searchIndex, type TextSearchOptions, type TextSearchResult } from './text-search.js';

export interface RepositoryIndex {
  repository: string;
  reader: CuratedReader;
}

export interface RepositorySearchResult extends TextSearchResult {
  repository: string;
}

export function searchAcrossRepositories(
  indexes: readonly RepositoryIndex[],
  options: TextSearchOptions,
): { terms: string[]; results: RepositorySearchResult[] } {
  let terms: string[] = [];
  const parts = indexes.map(({ repository, reader }) => {
    const found = searchIndex(reader, options);
    terms = found.terms;
    return { repository, rows: found.results };
  });
  return { terms, results: mergeByScore(parts, options.limit, (a, b) => compareText(a.id, b.id)) };
}

/**
 * Each repository's rows, named with it, merged by score (each repository's own) into the
 * best `limit`; ties by repository, then path, then `tie`.
 */
export function mergeByScore<T extends { score: number; path: string }>(
  parts: readonly { repository: string; rows: readonly T[] }[],
  limit: number,
  tie: (a: T, b: T) => number,
): (T & { repository: string })[] {
  const rows = parts.flatMap(({ repository, rows }) => rows.map((row) => ({ ...row, repository })));
  rows.sort((a, b) => b.score - a.score || compareText(a.repository, b.repository) || compareText(a.path, b.path) || tie(a, b));
  return rows.slice(0, limit);
}
