// Every ranking signal of one task, as raw scores before fusion. Separating collection
// from fusion lets `--explain` show each signal on its own scale and lets the fusion
// weights be fitted offline on tasks built from git history (bench/tune-fusion.ts).

import type { CuratedReader } from '../../store/curated.js';
import { analyzeQuery, type QueryAnalysis } from '../query/analyze.js';
import type { RepoGraph } from '../graph/repo-graph.js';
import { graphSignals } from './graph-signals.js';
import { historySignal } from './history-signal.js';
import { filePrior, priorContext } from './priors.js';
import { docSignal, fileSignal, symbolSignal } from './text-signals.js';
import type { RankRequest } from './types.js';
import type { VectorSignal } from './vector-signal.js';

export const FILE_SIGNALS = ['anchors', 'bm25-symbols', 'bm25-focused', 'bm25-file', 'docs', 'history', 'graph', 'cochange', 'vectors'] as const;
export type FileSignal = (typeof FILE_SIGNALS)[number];

export const SYMBOL_SIGNALS = ['anchors', 'bm25-symbols', 'bm25-focused', 'vectors'] as const;
export type SymbolSignal = (typeof SYMBOL_SIGNALS)[number];

export interface RankSignals {
  analysis: QueryAnalysis;
  /** Raw score per candidate file, per signal (absent signals are empty maps). */
  files: Record<FileSignal, Map<string, number>>;
  /** Raw score per candidate symbol key, per signal. */
  symbols: Record<SymbolSignal, Map<string, number>>;
  /** Multiplier per candidate file (tests, docs, vendored code, package markers). */
  priors: Map<string, number>;
}

export interface CollectOptions {
  vectors?: VectorSignal | null;
  /** The repository graph, for graph-propagation signals; omitted → those signals are empty. */
  graph?: RepoGraph | null;
}

export function collectSignals(reader: CuratedReader, request: RankRequest, options: CollectOptions = {}): RankSignals {
  const analysis = analyzeQuery(reader, request.query);
  const fullTerms = analysis.terms.full.map((entry) => entry.term);
  const full = symbolSignal(reader, fullTerms, request.filter);
  const focused = symbolSignal(reader, analysis.terms.focused, request.filter);
  const anchorFiles = new Map([...analysis.resolved.files].map(([path, hit]) => [path, hit.weight]));
  const anchorSymbols = new Map([...analysis.resolved.symbols].map(([key, hit]) => [key, hit.weight]));
  const bm25File = fileSignal(reader, fullTerms, request.filter);
  const graph = options.graph ? graphSignals(options.graph, anchorFiles, [full.files, bm25File]) : { graph: new Map(), cochange: new Map() };
  const files: Record<FileSignal, Map<string, number>> = {
    anchors: anchorFiles,
    'bm25-symbols': full.files,
    'bm25-focused': focused.files,
    'bm25-file': bm25File,
    docs: docSignal(reader, fullTerms),
    history: historySignal(reader, fullTerms),
    graph: graph.graph,
    cochange: graph.cochange,
    vectors: options.vectors?.files ?? new Map(),
  };
  const symbols: Record<SymbolSignal, Map<string, number>> = {
    anchors: anchorSymbols,
    'bm25-symbols': full.symbols,
    'bm25-focused': focused.symbols,
    vectors: options.vectors?.symbols ?? new Map(),
  };
  return { analysis, files, symbols, priors: priorsOf(reader, analysis, files) };
}

function priorsOf(reader: CuratedReader, analysis: QueryAnalysis, files: Record<FileSignal, Map<string, number>>): Map<string, number> {
  const context = priorContext(analysis.issue.title, analysis.issue.prose);
  const priors = new Map<string, number>();
  for (const scores of Object.values(files)) {
    for (const path of scores.keys()) {
      if (priors.has(path)) continue;
      const file = reader.file(path);
      priors.set(path, file ? filePrior(file, context) : 0);
    }
  }
  return priors;
}
