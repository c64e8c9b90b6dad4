// cairn's ranker: anchors from the task text, fielded BM25 over definitions, whole-file
// BM25 and docs, fused by weighted reciprocal rank, then file priors; functions ranked by
// their own evidence plus their file's. Deterministic: no network, no model.

import type { FileRecord } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import { fileMatcher } from '../../store/file-filter.js';
import { analyzeQuery, describeAnalysis, type QueryAnalysis } from '../query/analyze.js';
import { fuse, toList, type FusedItem, type SignalList } from './fusion.js';
import { historySignal } from './history-signal.js';
import { filePrior, priorContext } from './priors.js';
import { docSignal, fileSignal, symbolSignal } from './text-signals.js';
import type { RankedFile, RankedSymbol, RankRequest, RankResult, Ranker } from './types.js';
import { filterSignal, prepareVectorSignal, type VectorSearch, type VectorSignal } from './vector-signal.js';

export interface RankerWeights {
  anchors: number;
  symbolBm25: number;
  focusedBm25: number;
  fileBm25: number;
  docs: number;
  history: number;
  vectors: number;
}

export const DEFAULT_WEIGHTS: RankerWeights = {
  anchors: 3,
  symbolBm25: 1,
  focusedBm25: 1,
  fileBm25: 0.7,
  docs: 0.3,
  history: 0.5,
  // Nearest symbols by embedding (only with `embed` configured): as much as one fielded
  // BM25 list. The two BM25 symbol lists are lexical and correlated, so lexical evidence
  // still outweighs it about 2.7 : 1, and named anchors (3) stay decisive; published
  // code-embedding retrievers beat plain BM25 by 10-20 points Acc@5, so less would waste
  // them. Unmeasured here: no embedding model runs on these machines (tune with cairn eval).
  vectors: 1,
};

const LIST_LIMIT = 200;

/**
 * With `vectors`, rank() first embeds the task (async, vector-signal.ts) and hands the
 * prepared signal to the synchronous rankWithCairn; without, nothing touches vectors.
 */
export function createCairnRanker(weights: RankerWeights = DEFAULT_WEIGHTS, vectors?: VectorSearch): Ranker {
  return {
    name: 'cairn',
    rank: vectors
      ? async (reader, request) => rankWithCairn(reader, request, weights, await prepareVectorSignal(vectors, request.query))
      : (reader, request) => rankWithCairn(reader, request, weights),
  };
}

export function rankWithCairn(reader: CuratedReader, request: RankRequest, weights: RankerWeights, vectorSignal: VectorSignal | null = null): RankResult {
  const vectors = vectorSignal && request.filter ? filterSignal(vectorSignal, allowedPaths(reader, request)) : vectorSignal;
  const analysis = analyzeQuery(reader, request.query);
  const fullTerms = analysis.terms.full.map((entry) => entry.term);
  const symbolScores = symbolSignal(reader, fullTerms, request.filter);
  const focusedScores = symbolSignal(reader, analysis.terms.focused, request.filter);

  const fileLists: SignalList[] = [
    toList('anchors', weights.anchors, anchorFileScores(analysis), LIST_LIMIT),
    toList('bm25-symbols', weights.symbolBm25, symbolScores.files, LIST_LIMIT),
    toList('bm25-focused', weights.focusedBm25, focusedScores.files, LIST_LIMIT),
    toList('bm25-file', weights.fileBm25, fileSignal(reader, fullTerms, request.filter), LIST_LIMIT),
    toList('docs', weights.docs, docSignal(reader, fullTerms), LIST_LIMIT),
    toList('history', weights.history, historySignal(reader, fullTerms), LIST_LIMIT),
    ...(vectors ? [toList('vectors', weights.vectors, vectors.files, LIST_LIMIT)] : []),
  ];
  const files = applyPriors(reader, analysis, fuse(fileLists), fileMatcher(request.filter));
  const ranked = files.slice(0, request.limit);
  const vectorLists = vectors ? [toList('vectors', weights.vectors, vectors.symbols, LIST_LIMIT)] : [];
  const symbols = rankSymbols(analysis, symbolScores.symbols, focusedScores.symbols, files, weights, request.limit, vectorLists);
  return { files: ranked, symbols, analysis: describeAnalysis(analysis) };
}

/** The request's file filter as a path test (vector hits come from an index that has no filters). */
function allowedPaths(reader: CuratedReader, request: RankRequest): (path: string) => boolean {
  const allowed = new Set(reader.files(request.filter).map((file) => file.path));
  return (path) => allowed.has(path);
}

function anchorFileScores(analysis: QueryAnalysis): Map<string, number> {
  const scores = new Map<string, number>();
  for (const [path, hit] of analysis.resolved.files) scores.set(path, hit.weight);
  return scores;
}

function applyPriors(
  reader: CuratedReader,
  analysis: QueryAnalysis,
  fused: FusedItem[],
  accepts: (file: FileRecord) => boolean,
): RankedFile[] {
  const context = priorContext(analysis.issue.title, analysis.issue.prose);
  const out: RankedFile[] = [];
  for (const item of fused) {
    const file = reader.file(item.id);
    if (!file || !accepts(file)) continue;
    const prior = filePrior(file, context);
    out.push({ path: item.id, score: item.score * prior, signals: [...item.signals, { signal: 'prior', rank: null, raw: prior, contribution: item.score * (prior - 1) }] });
  }
  return out.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
}

/** Functions: their own BM25 and anchor evidence, plus their file's fused score. */
function rankSymbols(
  analysis: QueryAnalysis,
  full: Map<string, number>,
  focused: Map<string, number>,
  files: RankedFile[],
  weights: RankerWeights,
  limit: number,
  extraLists: SignalList[] = [],
): RankedSymbol[] {
  const anchorScores = new Map<string, number>();
  for (const [key, hit] of analysis.resolved.symbols) anchorScores.set(key, hit.weight);
  const fused = fuse([
    toList('anchors', weights.anchors, anchorScores, LIST_LIMIT),
    toList('bm25-symbols', weights.symbolBm25, full, LIST_LIMIT),
    toList('bm25-focused', weights.focusedBm25, focused, LIST_LIMIT),
    ...extraLists,
  ]);
  const fileScore = new Map(files.map((file) => [file.path, file.score]));
  // Only symbols of files that passed the ranking's filter (every ranked symbol's file is
  // in the fused file list, so without a filter this keeps them all).
  const ranked: RankedSymbol[] = fused.filter((item) => fileScore.has(pathOfKey(item.id))).map((item) => {
    const path = pathOfKey(item.id);
    const inherited = fileScore.get(path) ?? 0;
    return {
      key: item.id,
      path,
      score: item.score + inherited,
      signals: [...item.signals, { signal: 'file', rank: null, raw: inherited, contribution: inherited }],
    };
  });
  return ranked.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key)).slice(0, limit);
}

function pathOfKey(key: string): string {
  const at = key.indexOf('::');
  return at < 0 ? key : key.slice(0, at);
}

export const cairnRanker = createCairnRanker();
