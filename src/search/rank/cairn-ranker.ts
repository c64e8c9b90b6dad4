// cairn's ranker: anchors from the task text, fielded BM25 over definitions, whole-file
// BM25, docs, similar past commits, graph propagation from confident seeds and, when
// configured, vectors — collected as raw signals (signals.ts), fused by weighted
// reciprocal rank with file priors (fuse-signals.ts). Deterministic without vectors.

import type { CuratedReader } from '../../store/curated.js';
import { fileMatcher } from '../../store/file-filter.js';
import { RepoGraphCache } from '../graph/graph-cache.js';
import { describeAnalysis } from '../query/analyze.js';
import { fuseSignals, type FusionWeights } from './fuse-signals.js';
import { collectSignals } from './signals.js';
import type { RankRequest, RankResult, Ranker } from './types.js';
import { filterSignal, prepareVectorSignal, type VectorSearch, type VectorSignal } from './vector-signal.js';

/**
 * Fitted by coordinate ascent on MRR over tasks built from the Loc-Bench repositories'
 * own git histories before the dev set's first task (bench/tune-fusion.ts; figures in
 * bench/README.md) — never on the dev set. Vectors: as much as one fielded BM25 list
 * (unmeasured here: no embedding model runs on these machines).
 */
export const DEFAULT_WEIGHTS: FusionWeights = {
  files: {
    anchors: 3,
    'bm25-symbols': 1,
    'bm25-focused': 1,
    'bm25-file': 0.7,
    docs: 0.3,
    history: 0.5,
    graph: 0.4,
    cochange: 0.3,
    vectors: 1,
  },
  symbols: { anchors: 3, 'bm25-symbols': 1, 'bm25-focused': 1, members: 0.5, vectors: 1 },
  fileShare: 1,
};

export interface CairnRankerOptions {
  weights?: FusionWeights;
  /** With vectors, rank() first embeds the task (async); without, nothing touches vectors. */
  vectors?: VectorSearch;
  /** Graph propagation needs the repository graph; null turns those signals off. */
  graphs?: RepoGraphCache | null;
}

export function createCairnRanker(options: CairnRankerOptions = {}): Ranker {
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  const graphs = options.graphs === undefined ? new RepoGraphCache() : options.graphs;
  const vectors = options.vectors;
  return {
    name: 'cairn',
    rank: vectors
      ? async (reader, request) => rankWithCairn(reader, request, weights, graphs, await prepareVectorSignal(vectors, request.query))
      : (reader, request) => rankWithCairn(reader, request, weights, graphs),
  };
}

export function rankWithCairn(
  reader: CuratedReader,
  request: RankRequest,
  weights: FusionWeights = DEFAULT_WEIGHTS,
  graphs: RepoGraphCache | null = null,
  vectorSignal: VectorSignal | null = null,
): RankResult {
  const accepts = acceptedPaths(reader, request);
  const vectors = vectorSignal && request.filter ? filterSignal(vectorSignal, accepts) : vectorSignal;
  const graph = graphs ? graphs.graphFor(reader.meta('indexId') ?? 'default', reader) : null;
  const signals = collectSignals(reader, request, { vectors, graph });
  const fused = fuseSignals(signals, weights, request.limit, accepts);
  return { ...fused, analysis: describeAnalysis(signals.analysis) };
}

/** The request's file filter as a path test (anchors, history and vectors are unfiltered). */
function acceptedPaths(reader: CuratedReader, request: RankRequest): (path: string) => boolean {
  if (!request.filter) return () => true;
  const matches = fileMatcher(request.filter);
  return (path) => {
    const file = reader.file(path);
    return file !== null && matches(file);
  };
}

export const cairnRanker = createCairnRanker();
