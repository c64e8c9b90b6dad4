// `cairn search`: BM25 over the index's full-text tables. Without a kind, files, symbols
// and doc chunks are all searched and each file ranks at its best hit; with a kind, the
// hits of that kind are listed as they are. With promoted `cairn enrich` summaries, a file
// also matches through its summary, domain and concepts (field `summary`, its own BM25, as
// each table's hits are), while the summary is current (current-enrichment.ts).

import type { FileFilter, SearchTarget, TextHit, CuratedReader } from '../store/curated.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import { fileMatcher } from '../store/file-filter.js';
import { currentEnrichment } from './current-enrichment.js';
import { queryTerms } from './query-terms.js';
import { compareText } from '../core/compare.js';

export interface TextSearchOptions {
  query: string;
  limit: number;
  kind?: SearchTarget;
  filter?: FileFilter;
  /** Promoted file summaries, searched as the file field `summary`; absent or null: none. */
  enrichment?: EnrichmentReader | null;
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
  const indexHits = targets.flatMap((target) =>
    reader.search({ terms, target, limit: fetch, ...(options.filter ? { filter: options.filter } : {}) }),
  );
  const summaries = options.enrichment && targets.includes('file') ? summaryHits(reader, options.enrichment, terms, fetch, options.filter) : [];
  const hits = options.kind ? mergeFileHits(indexHits, summaries) : [...indexHits, ...summaries];
  const results = options.kind ? hits.map((hit) => describe(reader, hit, 0)) : bestPerFile(reader, hits);
  return { terms, results: results.slice(0, options.limit) };
}

/** Files whose current summary matches the terms, as file hits of the field `summary`, within the filter. */
function summaryHits(reader: CuratedReader, enrichment: EnrichmentReader, terms: string[], limit: number, filter: FileFilter | undefined): TextHit[] {
  if (enrichment.promotedCount() === 0) return [];
  const accepts = fileMatcher(filter);
  return currentEnrichment(enrichment, reader)
    .search(terms, limit)
    .filter((hit) => {
      const file = reader.file(hit.path);
      return file !== null && accepts(file);
    })
    .map((hit) => ({ target: 'file', id: hit.path, path: hit.path, score: hit.score, matchedFields: ['summary'] }));
}

/** File hits with summary hits folded in: one row per file, at its better score, its fields joined. */
function mergeFileHits(hits: TextHit[], summaries: TextHit[]): TextHit[] {
  if (summaries.length === 0) return hits;
  const byPath = new Map(hits.map((hit) => [hit.path, hit]));
  for (const summary of summaries) {
    const hit = byPath.get(summary.path);
    byPath.set(summary.path, hit ? { ...hit, score: Math.max(hit.score, summary.score), matchedFields: [...hit.matchedFields, ...summary.matchedFields] } : summary);
  }
  return [...byPath.values()].sort((a, b) => b.score - a.score || compareText(a.path, b.path));
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
