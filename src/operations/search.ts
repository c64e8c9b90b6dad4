// Ranked search for the agent faces (MCP `search_code`, HTTP `POST /retrieval/search`): the
// hybrid ranker `cairn search` uses, or plain BM25 (which also matches promoted, current
// `cairn enrich` summaries as the file field `summary`), as compact rows.

import type { RepoContext, RepoHandle } from './handle.js';
import { LANGUAGES, type Language } from '../core/entities.js';
import { isCairnError, UsageError } from '../core/errors.js';
import { languageNamed } from '../indexer/classify/language.js';
import { cairnRanker } from '../search/rank/cairn-ranker.js';
import type { RankResult, SignalContribution } from '../search/rank/types.js';
import { searchIndex, type TextSearchResult } from '../search/text-search.js';

export type { TextSearchResult };

/**
 * What a search reads: the index, its enrichment and ranker, and the working copy its rows
 * are checked against. A repository published in PostgreSQL that this process does not
 * serve has no working copy here (`workingCopy: false`): it is searched from its index
 * alone, and its rows name files as indexed.
 */
export interface SearchHandle extends Pick<RepoHandle, 'reader' | 'enrichment' | 'ranker'> {
  readonly context: Pick<RepoContext, 'root'>;
  readonly workingCopy?: false;
}
/** The query's analysis as `--explain` prints it. */
export { describeAnalysis } from '../search/query/analyze.js';
import type { FileFilter } from '../store/curated.js';
import { onDiskOnly } from './on-disk.js';

export interface SearchInput {
  query: string;
  limit: number;
  /** Without a kind: files when ranked; files, symbols and doc sections alike in BM25 (each file at its best hit). */
  kind?: 'file' | 'symbol' | 'doc' | undefined;
  mode: 'hybrid' | 'bm25';
  paths?: string[] | undefined;
  languages?: string[] | undefined;
  includeTests?: boolean | undefined;
  /** Hybrid rows carry the signals that ranked them (the web page shows them; agents need not). */
  signals?: boolean | undefined;
}

export interface SearchRow {
  path: string;
  /** The symbol's qualified name (symbol rows), or a doc section's heading path. */
  symbol?: string;
  line?: number;
  score: number;
  /** Each signal's part in the score, when asked for (hybrid mode only). */
  signals?: { signal: string; rank: number | null; contribution: number }[];
}

export interface SearchAnswer {
  query: string;
  kind: NonNullable<SearchInput['kind']>;
  mode: SearchInput['mode'];
  results: SearchRow[];
  /** Results left out because their file was deleted after the index was last refreshed. */
  deleted?: number;
  /** Set when vectors were configured but could not be used for this query. */
  note?: string;
}

function languagesOf(names: readonly string[]): Language[] {
  return names.map((name) => {
    const language = languageNamed(name);
    if (language !== null) return language;
    throw new UsageError(`unknown language "${name}"`, { hint: `use one of ${LANGUAGES.join(', ')} (or an extension such as ts, py, rs)` });
  });
}

/** A hybrid result row with everything the ranker knows of it (the CLI's `--explain` shows the signals). */
export interface RankedRow {
  kind: 'file' | 'symbol';
  path: string;
  id: string;
  title: string | null;
  line: number | null;
  score: number;
  signals: SignalContribution[];
}

/** What a search found, before a face shapes it: ranked rows, or BM25 hits with the fields that matched. */
export type SearchFound =
  | { mode: 'hybrid'; rows: RankedRow[]; analysis: RankResult['analysis']; note?: string; deleted: number }
  | { mode: 'bm25'; terms: string[]; hits: TextSearchResult[]; deleted: number };

/**
 * The one search every face runs: the filter checked, the configured ranker (falling back
 * to the plain one when the vector model fails) or BM25, rows of files deleted since the
 * last refresh dropped (a few more are asked for, so that `limit` rows remain).
 */
export async function findCode(repo: SearchHandle, input: SearchInput): Promise<SearchFound> {
  if (input.query.trim() === '') throw new UsageError('query is empty', { hint: 'pass identifiers, a path, an error message or a task description' });
  const filter = filterOf(input);
  const asked = input.limit + 5;
  const onDisk = <T>(entries: T[], pathOf: (entry: T) => string): { kept: T[]; gone: number } =>
    repo.workingCopy === false ? { kept: entries, gone: 0 } : onDiskOnly(repo.context.root, entries, pathOf);
  if (input.mode === 'bm25' || input.kind === 'doc') {
    const { terms, results } = searchIndex(repo.reader(), { query: input.query, limit: asked, ...(input.kind ? { kind: input.kind } : {}), filter, enrichment: repo.enrichment() });
    const { kept, gone } = onDisk(results, (hit) => hit.path);
    return { mode: 'bm25', terms, hits: kept.slice(0, input.limit), deleted: gone };
  }
  const ranked = await rank(repo, { query: input.query, limit: asked, filter });
  const reader = repo.reader();
  const rows: RankedRow[] =
    input.kind === 'symbol'
      ? ranked.result.symbols.map((hit) => {
          const record = reader.symbol(hit.key);
          return { kind: 'symbol', path: hit.path, id: hit.key, title: record?.qualifiedName ?? null, line: record?.startLine ?? null, score: hit.score, signals: hit.signals };
        })
      : ranked.result.files.map((hit) => ({ kind: 'file', path: hit.path, id: hit.path, title: null, line: null, score: hit.score, signals: hit.signals }));
  const { kept, gone } = onDisk(rows, (row) => row.path);
  return { mode: 'hybrid', rows: kept.slice(0, input.limit), analysis: ranked.result.analysis, deleted: gone, ...(ranked.note ? { note: ranked.note } : {}) };
}

/** The search as the agent faces answer it: compact rows, scores rounded. */
export async function searchCode(repo: SearchHandle, input: SearchInput): Promise<SearchAnswer> {
  const found = await findCode(repo, input);
  const results: SearchRow[] =
    found.mode === 'bm25'
      ? found.hits.map((hit) => ({ path: hit.path, ...(hit.title ? { symbol: hit.title } : {}), ...(hit.line ? { line: hit.line } : {}), score: round(hit.score) }))
      : found.rows.map((row) => ({ path: row.path, ...(row.kind === 'symbol' && row.title !== null ? { symbol: row.title, line: row.line! } : {}), score: round(row.score), ...signalsOf(row.signals, input.signals) }));
  const note = found.mode === 'hybrid' ? found.note : undefined;
  return { query: input.query, kind: input.kind ?? 'file', mode: input.mode, results, ...(found.deleted ? { deleted: found.deleted } : {}), ...(note ? { note } : {}) };
}

/** The file filter a search asks for; an unknown language is a usage error naming the known ones. */
export function filterOf(input: SearchInput): FileFilter {
  return {
    ...(input.languages?.length ? { languages: languagesOf(input.languages) } : {}),
    ...(input.paths?.length ? { pathGlobs: input.paths } : {}),
    ...(input.includeTests === false ? { includeTests: false } : {}),
  };
}

async function rank(repo: SearchHandle, request: { query: string; limit: number; filter: FileFilter }): Promise<{ result: RankResult; note?: string }> {
  const ranker = repo.ranker();
  if (ranker === null) return { result: await cairnRanker.rank(repo.reader(), request) };
  try {
    return { result: await ranker.rank(repo.reader(), request) };
  } catch (error) {
    if (!isCairnError(error) || (error.code !== 'PROVIDER_UNAVAILABLE' && error.code !== 'PROVIDER_INVALID_RESPONSE')) throw error;
    return { result: await cairnRanker.rank(repo.reader(), request), note: `ranked without vectors: ${error.message}` };
  }
}

function signalsOf(signals: readonly SignalContribution[], wanted: boolean | undefined): Pick<SearchRow, 'signals'> {
  if (wanted !== true) return {};
  return { signals: signals.map((entry) => ({ signal: entry.signal, rank: entry.rank, contribution: round(entry.contribution) })) };
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
