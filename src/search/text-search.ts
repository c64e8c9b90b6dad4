// `cairn search`: BM25 over the index's full-text tables. Without a kind, files, symbols
// and doc chunks are all searched and each file ranks at its best hit; with a kind, the
// hits of that kind are listed as they are.

import type { FileFilter, SearchTarget, TextHit, CuratedReader } from '../store/curated.js';
import { queryTerms } from './query-terms.js';
import { compareText } from '../core/compare.js';

export interface TextSearchOptions {
  query: string;
  limit: number;
  kind?: SearchTarget;
  filter?: FileFilter;
}

export interface TextSearchResult {
  kind: SearchTarget;
  path: string;
  /** File path, symbol key or doc chunk id. */
  id: string;
  score: number;
  matchedFields: string[];
  /** For symbol and doc hits: the symbol's qualified name or the chunk's heading path. */
  title: string | null;
  line: number | null;
  /** Other hits in the same file (file grouping only). */
  alsoMatched: number;
}

const TARGETS: SearchTarget[] = ['file', 'symbol', 'doc'];

export function searchIndex(reader: CuratedReader, options: TextSearchOptions): { terms: string[]; results: TextSearchResult[] } {
  const terms = queryTerms(options.query);
  if (terms.length === 0) return { terms, results: [] };
  const targets = options.kind ? [options.kind] : TARGETS;
  const fetch = options.kind ? options.limit : options.limit * 4;
  const hits = targets.flatMap((target) =>
    reader.search({ terms, target, limit: fetch, ...(options.filter ? { filter: options.filter } : {}) }),
  );
  const results = options.kind ? hits.map((hit) => describe(reader, hit, 0)) : bestPerFile(reader, hits);
  return { terms, results: results.slice(0, options.limit) };
}

function bestPerFile(reader: CuratedReader, hits: TextHit[]): TextSearchResult[] {
  const byPath = new Map<string, TextHit[]>();
  for (const hit of hits) {
    const list = byPath.get(hit.path);
    if (list) list.push(hit);
    else byPath.set(hit.path, [hit]);
  }
  const grouped = [...byPath.values()].map((list) => {
    const best = list.reduce((top, hit) => (hit.score > top.score ? hit : top));
    return describe(reader, best, list.length - 1);
  });
  return grouped.sort((a, b) => b.score - a.score || compareText(a.path, b.path));
}

function describe(reader: CuratedReader, hit: TextHit, alsoMatched: number): TextSearchResult {
  const base = { kind: hit.target, path: hit.path, id: hit.id, score: hit.score, matchedFields: hit.matchedFields, alsoMatched };
  if (hit.target === 'symbol') {
    const symbol = reader.symbol(hit.id);
    return { ...base, title: symbol?.qualifiedName ?? null, line: symbol?.startLine ?? null };
  }
  if (hit.target === 'doc') {
    const chunk = reader.docChunk(hit.id);
    return { ...base, title: chunk?.headingPath.join(' › ') || null, line: chunk?.startLine ?? null };
  }
  return { ...base, title: null, line: null };
}
