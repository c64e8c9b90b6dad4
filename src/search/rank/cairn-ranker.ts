// cairn's ranker: anchors from the task text, fielded BM25 over definitions, whole-file
// BM25, docs, similar past commits, graph propagation from confident seeds and, when
// configured, vectors — collected as raw signals (signals.ts), fused by weighted
// reciprocal rank with file priors (fuse-signals.ts). Deterministic without vectors.

import type { CuratedReader } from '../../store/curated.js';
import { fileMatcher } from '../../store/file-filter.js';
import type { RepoGraphCache } from '../graph/graph-cache.js';
import { fuseSignals, type FusionWeights } from './fuse-signals.js';
import { collectSignals } from './signals.js';
import type { RankRequest, RankResult, Ranker } from './types.js';
import { filterSignal, prepareVectorSignal, type VectorSearch, type VectorSignal } from './vector-signal.js';

/**
 * Chosen on 240 tasks built from the Loc-Bench repositories' own git histories before
 * the dev set's first task (bench/tune-fusion.ts; figures in bench/README.md), never on
 * the dev set: a rounded point between the hand-set start and the coordinate-ascent fit,
 * which improved held-out MRR on each of the four repositories but with extreme,
 * unstable weights. Around it the landscape is flat (±0.01 MRR). Anchors cannot be fitted
 * on commit messages (those naming a changed file are excluded) and stay dominant, as the
 * literature advises. Vectors: as much as one fielded BM25 list (unmeasured: no embedding
 * model runs on these machines).
 */
export const DEFAULT_WEIGHTS: FusionWeights = {
  files: {
    anchors: 3,
    'bm25-symbols': 1,
    'bm25-focused': 2,
    'bm25-file': 1.5,
    // File metadata (module docstring, module and domain, top-level names): half a BM25
    // list, set by hand and measured on the dev sets with and without (bench/README.md).
    meta: 0.5,
    docs: 0.1,
    history: 1.5,
    // How lately a candidate file last changed: off until measured on git histories
    // (the ablation ranker `cairn-recency` has it at 0.3; bench/README.md).
    recency: 0,
    graph: 0.2,
    cochange: 0.2,
    vectors: 1,
  },
  // The focused list (title and inline code) at 1.5 rather than 0.5, and class-like
  // definitions at half their score: on the tuning tasks with Loc-Bench's definition of a
  // gold function (functions and methods), function Acc@10 38.6 → 40.5 and MRR 0.379 →
  // 0.419, no repository worse (bench/README.md).
  symbols: { anchors: 3, 'bm25-symbols': 1.5, 'bm25-focused': 1.5, members: 0.5, calls: 0.5, vectors: 1 },
  fileShare: 0.5,
  // Scaling a symbol's evidence by its file's standing cost function Acc@10 on the tuning
  // tasks (30.0 → 27.5 at 1), whose changes often span several files.
  fileFocus: 0,
  containerPrior: 0.5,
  // RRF's k of 60 (Cormack et al.) made first and tenth place of our few, short lists worth
  // nearly the same (1/61 vs 1/70). Files are ordered with k 15 and each anchor counted at
  // its weight (a title word naming definitions in four files no longer outranks the text
  // signals from the top of its list): file MRR over 480 history tasks of eight
  // repositories 0.658 → 0.677. Their standing (how much their definitions weigh) still
  // comes from the fusion at k 60 (fuse-signals.ts `calibrate`): the steeper scores cost
  // the package code at 8k and 16k (bench/README.md, issue 27).
  rankConstant: 15,
  anchorsByWeight: true,
};

export interface CairnRankerOptions {
  weights?: FusionWeights;
  /** With vectors, rank() first embeds the task (async); without, nothing touches vectors. */
  vectors?: VectorSearch;
  /**
   * PageRank over imports and references needs the whole repository graph (~0.3 s to load
   * on 1,600 files, then ~3 ms a query), so only processes answering many queries against
   * one index pass a cache. It added under 0.01 MRR on the tuning tasks.
   */
  graphs?: RepoGraphCache | null;
}

export function createCairnRanker(options: CairnRankerOptions = {}): Ranker {
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  const graphs = options.graphs ?? null;
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
  // A signal at weight 0 is skipped by fusion: recency then costs no file reads either.
  const signals = collectSignals(reader, request, { vectors, graph, recency: weights.files.recency > 0 });
  const fused = fuseSignals(signals, weights, request.limit, accepts);
  return { ...fused, analysis: signals.analysis };
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

/** cairn's ranker with the recency of a candidate's last change as a signal, to measure it. */
export const cairnRankerWithRecency: Ranker = {
  ...createCairnRanker({ weights: { ...DEFAULT_WEIGHTS, files: { ...DEFAULT_WEIGHTS.files, recency: 0.3 } } }),
  name: 'cairn-recency',
};

/** cairn's ranker without the file-metadata signal: the ablation `cairn eval` compares with. */
export const cairnRankerWithoutMeta: Ranker = {
  ...createCairnRanker({ weights: { ...DEFAULT_WEIGHTS, files: { ...DEFAULT_WEIGHTS.files, meta: 0 } } }),
  name: 'cairn-no-meta',
};
