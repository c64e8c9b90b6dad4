// Every ranking signal of one task, as raw scores before fusion. Separating collection
// from fusion lets `--explain` show each signal on its own scale and lets the fusion
// weights be fitted offline on tasks built from git history (bench/tune-fusion.ts).

import type { SymbolKind } from '../../core/entities.js';
import { splitIdentifier, stemToken } from '../../core/tokens.js';
import type { CuratedReader } from '../../store/curated.js';
import { analyzeQuery, type QueryAnalysis } from '../query/analyze.js';
import type { RepoGraph } from '../graph/repo-graph.js';
import { coChangeSignal, graphSeeds, pageRankSignal } from './graph-signals.js';
import { historySignal, recencySignal } from './history-signal.js';
import { isInsideAny } from '../query/workspace-packages.js';
import { OUTSIDE_NAMED_PACKAGE_PRIOR, filePrior, isAboutExports, priorContext, type EntryContents } from './priors.js';
import { exportHubs } from './export-hubs.js';
import { docSignal, fileSignal, metaSignal, symbolSignal } from './text-signals.js';
import type { RankRequest } from './types.js';
import type { VectorSignal } from './vector-signal.js';

export const FILE_SIGNALS = ['anchors', 'bm25-symbols', 'bm25-focused', 'bm25-file', 'meta', 'docs', 'history', 'recency', 'graph', 'cochange', 'vectors'] as const;
export type FileSignal = (typeof FILE_SIGNALS)[number];

export const SYMBOL_SIGNALS = ['anchors', 'bm25-symbols', 'bm25-focused', 'members', 'calls', 'vectors'] as const;
export type SymbolSignal = (typeof SYMBOL_SIGNALS)[number];

export interface RankSignals {
  analysis: QueryAnalysis;
  /** Raw score per candidate file, per signal (absent signals are empty maps). */
  files: Record<FileSignal, Map<string, number>>;
  /** Raw score per candidate symbol key, per signal. */
  symbols: Record<SymbolSignal, Map<string, number>>;
  /** Multiplier per candidate file (tests, docs, vendored code, package markers). */
  priors: Map<string, number>;
  /** Kind of the symbols near the head of any symbol list (absent → unknown). */
  symbolFacts: Map<string, SymbolFacts>;
}

export interface SymbolFacts {
  kind: SymbolKind;
}

export interface CollectOptions {
  vectors?: VectorSignal | null;
  /** The repository graph, for graph-propagation signals; omitted → those signals are empty. */
  graph?: RepoGraph | null;
  /** Compute the recency signal (a file read per candidate); off → empty, as when its weight is 0. */
  recency?: boolean;
}

export function collectSignals(reader: CuratedReader, request: RankRequest, options: CollectOptions = {}): RankSignals {
  const analysis = analyzeQuery(reader, request.query);
  const fullTerms = analysis.terms.full.map((entry) => entry.term);
  const full = symbolSignal(reader, fullTerms, request.filter);
  const focused = symbolSignal(reader, analysis.terms.focused, request.filter);
  const anchorFiles = withExportHubs(reader, analysis, new Map([...analysis.resolved.files].map(([path, hit]) => [path, hit.weight])));
  const anchorSymbols = new Map([...analysis.resolved.symbols].map(([key, hit]) => [key, hit.weight]));
  const bm25File = fileSignal(reader, fullTerms, request.filter);
  const seeds = graphSeeds(anchorFiles, [full.files, bm25File]);
  const meta = metaSignal(reader, fullTerms, request.filter);
  const files: Record<FileSignal, Map<string, number>> = {
    anchors: anchorFiles,
    'bm25-symbols': full.files,
    'bm25-focused': focused.files,
    'bm25-file': bm25File,
    meta,
    docs: docSignal(reader, fullTerms),
    history: historySignal(reader, fullTerms),
    recency: options.recency === true ? recencySignal(reader, [anchorFiles, full.files, focused.files, bm25File, meta]) : new Map(),
    graph: pageRankSignal(options.graph ?? null, seeds),
    cochange: coChangeSignal(reader, seeds),
    vectors: options.vectors?.files ?? new Map(),
  };
  const facts = new Map<string, SymbolFacts>();
  const symbols: Record<SymbolSignal, Map<string, number>> = {
    anchors: anchorSymbols,
    'bm25-symbols': full.symbols,
    'bm25-focused': focused.symbols,
    members: memberSignal(reader, [anchorFiles, full.files, focused.files, bm25File], fullTerms, facts),
    calls: callSignal(reader, [anchorSymbols, full.symbols, focused.symbols]),
    vectors: options.vectors?.symbols ?? new Map(),
  };
  return { analysis, files, symbols, priors: priorsOf(reader, analysis, files), symbolFacts: factsOf(reader, symbols, facts) };
}

/**
 * Only the head of each symbol list can reach the results, so only its facts are read
 * (~20 µs a lookup); members already brought theirs.
 */
const FACT_DEPTH = 60;

function factsOf(reader: CuratedReader, lists: Record<SymbolSignal, Map<string, number>>, facts: Map<string, SymbolFacts>): Map<string, SymbolFacts> {
  for (const scores of Object.values(lists)) {
    const head = [...scores.entries()].sort((a, b) => b[1] - a[1]).slice(0, FACT_DEPTH);
    for (const [key] of head) {
      if (facts.has(key)) continue;
      const symbol = reader.symbol(key);
      if (symbol) facts.set(key, { kind: symbol.kind });
    }
  }
  return facts;
}

/** Files taken from the top of each file list whose definitions all become candidates. */
const MEMBER_FILES_PER_LIST = 5;
const MEMBER_KINDS = new Set(['function', 'method', 'class', 'struct', 'interface', 'trait', 'enum', 'type']);

/**
 * Definitions of the likeliest files, matched or not: the function to change often shares
 * no word with the task, but sits in the file that does. Scored by how many lists put its
 * file near the top, plus how many query terms its name contains.
 */
function memberSignal(reader: CuratedReader, lists: Map<string, number>[], terms: string[], facts: Map<string, SymbolFacts>): Map<string, number> {
  const fileVotes = new Map<string, number>();
  for (const list of lists) {
    const top = [...list.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MEMBER_FILES_PER_LIST);
    top.forEach(([path], rank) => fileVotes.set(path, (fileVotes.get(path) ?? 0) + 1 / (rank + 1)));
  }
  const wanted = new Set(terms);
  const scores = new Map<string, number>();
  for (const [path, votes] of fileVotes) {
    for (const symbol of reader.symbolsOfFile(path)) {
      if (!MEMBER_KINDS.has(symbol.kind)) continue;
      facts.set(symbol.key, { kind: symbol.kind });
      const overlap = splitIdentifier(symbol.name).filter((part) => wanted.has(stemToken(part))).length;
      scores.set(symbol.key, votes * (1 + overlap));
    }
  }
  return scores;
}

/** The best symbols of these lists whose callers and callees become candidates. */
const CALL_SOURCES_PER_LIST = 5;
const MIN_CALL_CONFIDENCE = 0.5;

/**
 * Definitions one reference away from the likeliest ones: a change to a function often
 * reaches the helpers it calls and the callers that use it, which share no words with the
 * task. Scored by the source's standing (1 / rank in its list) times the edge confidence.
 */
function callSignal(reader: CuratedReader, lists: Map<string, number>[]): Map<string, number> {
  const sources = new Map<string, number>();
  for (const list of lists) {
    const top = [...list.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CALL_SOURCES_PER_LIST);
    top.forEach(([key], rank) => sources.set(key, Math.max(sources.get(key) ?? 0, 1 / (rank + 1))));
  }
  const scores = new Map<string, number>();
  const add = (key: string, score: number): void => {
    // Module-level code refers from the file itself, which is no definition to rank.
    if (!sources.has(key) && key.includes('::')) scores.set(key, (scores.get(key) ?? 0) + score);
  };
  for (const [key, standing] of sources) {
    for (const edge of reader.referencesFrom(key)) if (edge.confidence >= MIN_CALL_CONFIDENCE) add(edge.toKey, standing * edge.confidence);
    for (const edge of reader.referencesTo(key)) if (edge.confidence >= MIN_CALL_CONFIDENCE) add(edge.fromKey, standing * edge.confidence);
  }
  return scores;
}

/**
 * A barrel of a task about exports counts as a weak anchor (below a named file or symbol):
 * it is the file such a task changes, and its text of bare names rarely matches the task's.
 */
const EXPORT_HUB_ANCHOR = 0.3;

function withExportHubs(reader: CuratedReader, analysis: QueryAnalysis, anchors: Map<string, number>): Map<string, number> {
  if (!isAboutExports(analysis.issue.title)) return anchors;
  for (const [path, score] of exportHubs(reader, analysis.resolved.packages)) {
    if (!anchors.has(path)) anchors.set(path, EXPORT_HUB_ANCHOR * score);
  }
  return anchors;
}

function priorsOf(reader: CuratedReader, analysis: QueryAnalysis, files: Record<FileSignal, Map<string, number>>): Map<string, number> {
  const context = priorContext(analysis.issue.title, analysis.issue.prose);
  const packages = analysis.resolved.packages;
  const entryContents = (path: string): EntryContents => ({ symbols: reader.symbolsOfFile(path), imports: reader.importsOf(path) });
  const priors = new Map<string, number>();
  for (const scores of Object.values(files)) {
    for (const path of scores.keys()) {
      if (priors.has(path)) continue;
      const file = reader.file(path);
      const prior = file ? filePrior(file, context, entryContents) : 0;
      const outside = packages.length > 0 && !isInsideAny(path, packages);
      priors.set(path, outside ? prior * OUTSIDE_NAMED_PACKAGE_PRIOR : prior);
    }
  }
  return priors;
}
