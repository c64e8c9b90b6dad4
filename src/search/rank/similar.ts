// `cairn similar`: files (or symbols) most like a target, by two signals fused by
// reciprocal rank:
//   structural — cosine similarity of typed neighbour sets (imports, importers, references,
//                referrers, co-changes), each shared neighbour weighted by how rare it is
//                (idf), so sharing `utils` with everyone counts for little;
//   textual    — BM25 search for the target's most distinctive terms (highest tf × idf
//                over the index's own document frequencies).

import { codeTokens } from '../../core/tokens.js';
import type { CuratedReader, SearchTarget } from '../../store/curated.js';
import { fuse } from './fusion.js';
import type { SignalContribution } from './types.js';
import { STOPWORDS } from '../stopwords.js';
import { structuralNeighbours } from '../graph/structural-similarity.js';
import type { NodeKind } from '../graph/levels.js';
import type { RepoGraph } from '../graph/repo-graph.js';
import type { GraphTarget } from '../graph/target.js';

export interface SimilarOptions {
  limit: number;
  /** The target's source text (file, or the symbol's definition); null when unreadable. */
  text: string | null;
  /** Distinctive terms searched for. Default 16. */
  terms?: number;
}

export interface WeightedTerm {
  term: string;
  /** tf-saturation × idf, the BM25 weight of the term in the target. */
  weight: number;
  documentFrequency: number;
}

export interface SimilarItem {
  id: string;
  kind: NodeKind;
  path: string;
  score: number;
  signals: SignalContribution[];
}

export interface Similarity {
  target: { id: string; kind: NodeKind; path: string };
  terms: WeightedTerm[];
  results: SimilarItem[];
}

/** Unique terms looked up per target: the vocabulary lookup costs up to ms per frequent term. */
const MAX_CANDIDATE_TERMS = 300;
const K1 = 1.2;

export function similarTo(graph: RepoGraph, reader: CuratedReader, target: GraphTarget, options: SimilarOptions): Similarity {
  const targetId = target.kind === 'file' ? target.path : target.key;
  const searchTarget: SearchTarget = target.kind === 'file' ? 'file' : 'symbol';
  const fetch = options.limit * 3 + 1;
  const structural = structuralNeighbours(graph, target, fetch);
  const terms = options.text === null ? [] : distinctiveTerms(reader, searchTarget, options.text, options.terms ?? 16);
  const hits = terms.length === 0 ? [] : reader.search({ terms: terms.map((t) => t.term), target: searchTarget, limit: fetch });
  const textual = hits.filter((hit) => hit.id !== targetId).map((hit) => ({ id: hit.id, path: hit.path, score: hit.score }));
  const paths = new Map([...structural, ...textual].map((item) => [item.id, item.path]));
  const results: SimilarItem[] = fuse([
    { signal: 'structural', weight: 1, items: structural },
    { signal: 'textual', weight: 1, items: textual },
  ])
    .slice(0, options.limit)
    .map((item) => {
      const path = paths.get(item.id) ?? item.id;
      return { ...item, kind: item.id === path ? 'file' : 'symbol', path };
    });
  return { target: { id: targetId, kind: target.kind, path: target.path }, terms, results };
}

/** The terms of `text` with the highest BM25 weight that occur in at least one other document. */
export function distinctiveTerms(reader: CuratedReader, target: SearchTarget, text: string, count: number): WeightedTerm[] {
  const frequency = new Map<string, number>();
  for (const token of codeTokens(text)) {
    if (token.length < 3 || STOPWORDS.has(token) || /^[0-9.]+$/.test(token)) continue;
    frequency.set(token, (frequency.get(token) ?? 0) + 1);
  }
  const candidates = [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_CANDIDATE_TERMS);
  const stats = reader.termStats(target, candidates.map(([term]) => term));
  const n = stats.documents;
  return candidates
    .map(([term, tf]) => {
      const df = stats.documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      return { term, weight: ((tf * (K1 + 1)) / (tf + K1)) * idf, documentFrequency: df };
    })
    .filter((term) => term.documentFrequency >= 2)
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1))
    .slice(0, count);
}
