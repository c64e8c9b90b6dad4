// Ranks the source of truth against a bundle. 'keywords' is the classic method alone (the
// count of the bundle's long words in every candidate file). 'cairn' fuses, by weighted
// reciprocal rank, what cairn knows besides: the stack frames resolved to files (innermost
// first), the files the recent changes name, cairn's own ranker over the bundle as a task
// (anchors, fielded BM25, history), the keyword count over the files full-text search
// finds for those words, and the graph neighbours (imports, references) of the strongest
// files. Ties go to the most recently modified file.

import { compareText } from '../../core/compare.js';
import { PathSuffixIndex } from '../../search/query/path-suffixes.js';
import { queryTerms } from '../../search/query-terms.js';
import { fuse, type SignalList } from '../../search/rank/fusion.js';
import type { Ranker } from '../../search/rank/types.js';
import type { CuratedReader } from '../../store/curated.js';
import type { BundleEvidence } from '../evidence.js';
import type { HandoffBundle } from '../bundle.js';
import { bundleTaskText } from '../bundle-task.js';
import { readRepoFile, type SotCandidates } from './candidates.js';
import { classicKeywords, keywordCount } from './keywords.js';

export interface RankedSot {
  path: string;
  /** The fused score (cairn) or the keyword count (keywords). */
  score: number;
  /** The score against the best candidate's, 0..1. */
  relevance: number;
  reasons: string[];
}

export interface SotRankInput {
  reader: CuratedReader | null;
  ranker: Ranker | null;
  realRoot: string;
  candidates: SotCandidates;
  bundle: HandoffBundle;
  evidence: BundleEvidence;
  mode: 'cairn' | 'keywords';
}

/** Weights of the fused lists: a frame names the failing code outright; the graph only neighbours it. */
export const SOT_WEIGHTS = { frames: 3, changes: 2, ranker: 2, keywords: 1, graph: 0.5 } as const;
/** Files counted for keywords: whole files up to this size (larger ones by their first part). */
const COUNT_BYTES = 1024 * 1024;
/** Full-text hits whose keywords are counted (cairn mode, with an index). */
const KEYWORD_SHORTLIST = 50;
/** Folder files outside the index counted for keywords (cairn mode). */
const MAX_UNINDEXED_COUNTED = 500;
const RANKER_LIMIT = 30;
/**
 * The fusion's rank constant. The search ranker's 60 suits long lists from unlike retrievers;
 * here the lists are short and their order means something (the innermost frame before the
 * outer ones), and with 60 a frame's place barely counted: a file two frames out that two
 * other lists also held won over the innermost frame. Measured on traceback bundles
 * (bench/README.md): the fixed file among sot_files 10/24 → 13/24 (dev set) and 3/9 → 5/9
 * (git history) from 60 to 5; 2 gives the same, 10 and 20 what 60 gives.
 */
export const SOT_FUSION_K = 5;
const LIST_LIMIT = 200;
const GRAPH_SEEDS = 3;

export async function rankSot(input: SotRankInput): Promise<RankedSot[]> {
  const keywords = classicKeywords(input.bundle.errorMessage, input.bundle.rootCause);
  if (input.mode === 'keywords') return byKeywords(input, keywords);
  const suffixes = new PathSuffixIndex(input.candidates.byPath.keys());
  const mtime = (path: string): number => input.candidates.byPath.get(path)?.mtimeMs ?? 0;
  const ranked = input.reader && input.ranker ? await rankerList(input) : null;
  const frames = framePaths(input, suffixes, ranked?.frames ?? null);
  const lists: SignalList[] = [
    orderedList('frames', SOT_WEIGHTS.frames, frames),
    orderedList('changes', SOT_WEIGHTS.changes, changedPaths(input.bundle, suffixes)),
    { signal: 'ranker', weight: SOT_WEIGHTS.ranker, items: ranked?.files ?? [] },
    scoredList('keywords', SOT_WEIGHTS.keywords, keywordScores(input, keywords), mtime),
    scoredList('graph', SOT_WEIGHTS.graph, graphScores(input, frames.length > 0 ? frames : (ranked?.files ?? []).map((file) => file.id)), mtime),
  ];
  const fused = fuse(lists, SOT_FUSION_K).filter((item) => input.candidates.byPath.has(item.id));
  fused.sort((a, b) => b.score - a.score || mtime(b.id) - mtime(a.id) || compareText(a.id, b.id));
  const best = fused[0]?.score ?? 1;
  return fused.map((item) => ({
    path: item.id,
    score: item.score,
    relevance: round(item.score / best),
    reasons: item.signals.map((signal) => `${signal.signal} #${signal.rank}${signal.signal === 'keywords' ? ` (${signal.raw} occurrences)` : ''}`),
  }));
}

function byKeywords(input: SotRankInput, keywords: readonly string[]): RankedSot[] {
  const counts = [...input.candidates.byPath.values()]
    .map((candidate) => ({ candidate, count: countIn(input.realRoot, candidate.path, keywords) }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || b.candidate.mtimeMs - a.candidate.mtimeMs || compareText(a.candidate.path, b.candidate.path));
  const best = counts[0]?.count ?? 1;
  return counts.map(({ candidate, count }) => ({ path: candidate.path, score: count, relevance: round(count / best), reasons: [`keywords: ${count} occurrences`] }));
}

async function rankerList(input: SotRankInput): Promise<{ files: { id: string; score: number }[]; frames: string[] }> {
  const query = bundleTaskText(input.bundle);
  if (query === '') return { files: [], frames: [] };
  const result = await input.ranker!.rank(input.reader!, { query, limit: RANKER_LIMIT });
  return {
    files: result.files.filter((file) => input.candidates.byPath.has(file.path)).map((file) => ({ id: file.path, score: file.score })),
    frames: result.analysis?.resolved.frames.map((frame) => frame.path) ?? [],
  };
}

/** In-project frames, innermost first: as the ranker resolved them, else by path suffix over the candidates. */
function framePaths(input: SotRankInput, suffixes: PathSuffixIndex, resolved: string[] | null): string[] {
  const paths = resolved ?? [...input.evidence.frames].sort((a, b) => a.depth - b.depth).flatMap((frame) => {
    if (frame.path === null) return [];
    const hits = suffixes.resolve(frame.path, /^([/~]|[A-Za-z]:)/.test(frame.path) ? 2 : 1).paths;
    return hits.length === 1 ? hits : [];
  });
  return [...new Set(paths)].filter((path) => input.candidates.byPath.has(path));
}

function changedPaths(bundle: HandoffBundle, suffixes: PathSuffixIndex): string[] {
  const paths = bundle.recentChanges.flatMap((change) => {
    if (change.path === null) return [];
    const hits = suffixes.resolve(change.path, 1).paths;
    return hits.length <= 3 ? hits : [];
  });
  return [...new Set(paths)];
}

/** Best score first; equal scores go to the most recently modified file, then by path. */
function scoredList(signal: string, weight: number, scores: Map<string, number>, mtime: (path: string) => number): SignalList {
  const items = [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || mtime(b[0]) - mtime(a[0]) || compareText(a[0], b[0]))
    .slice(0, LIST_LIMIT)
    .map(([id, score]) => ({ id, score }));
  return { signal, weight, items };
}

function orderedList(signal: string, weight: number, paths: readonly string[]): SignalList {
  return { signal, weight, items: paths.map((id, index) => ({ id, score: 1 / (1 + index) })) };
}

/** Keyword counts over the files full-text search finds for the keywords, and the folder files outside the index. */
function keywordScores(input: SotRankInput, keywords: readonly string[]): Map<string, number> {
  const scores = new Map<string, number>();
  if (keywords.length === 0) return scores;
  const all = [...input.candidates.byPath.values()];
  const shortlist = input.reader
    ? [
        ...input.reader.search({ terms: queryTerms(keywords.join(' ')), target: 'file', limit: KEYWORD_SHORTLIST, matchedFields: false }).map((hit) => hit.path),
        ...all.filter((candidate) => candidate.record === null).slice(0, MAX_UNINDEXED_COUNTED).map((candidate) => candidate.path),
      ]
    : all.map((candidate) => candidate.path);
  for (const path of new Set(shortlist)) {
    if (!input.candidates.byPath.has(path)) continue;
    const count = countIn(input.realRoot, path, keywords);
    if (count > 0) scores.set(path, count);
  }
  return scores;
}

function countIn(realRoot: string, path: string, keywords: readonly string[]): number {
  try {
    const head = readRepoFile(realRoot, path, COUNT_BYTES);
    return head.binary ? 0 : keywordCount(head.text, keywords);
  } catch {
    return 0; // unreadable or leading outside the repository: no evidence
  }
}

/** Files importing, imported by, referencing or referenced by the strongest files: one point per relation. */
function graphScores(input: SotRankInput, seeds: readonly string[]): Map<string, number> {
  const scores = new Map<string, number>();
  const reader = input.reader;
  if (!reader) return scores;
  const add = (path: string, seed: string): void => {
    if (path !== seed && !seeds.includes(path)) scores.set(path, (scores.get(path) ?? 0) + 1);
  };
  for (const seed of seeds.slice(0, GRAPH_SEEDS)) {
    for (const entry of reader.importsOf(seed)) for (const path of entry.toPaths) add(path, seed);
    for (const entry of reader.importedBy(seed)) add(entry.fromPath, seed);
    for (const entry of reader.fileReferencesFrom(seed)) add(entry.path, seed);
    for (const entry of reader.fileReferencesTo(seed)) add(entry.path, seed);
  }
  return scores;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
