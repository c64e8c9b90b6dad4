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
  const results: RepositorySearchResult[] = [];
  for (const { repository, reader } of indexes) {
    const found = searchIndex(reader, options);
    terms = found.terms;
    for (const result of found.results) results.push({ ...result, repository });
  }
  results.sort((a, b) => b.score - a.score || compareText(a.repository, b.repository) || compareText(a.path, b.path) || compareText(a.id, b.id));
  return { terms, results: results.slice(0, options.limit) };
}
