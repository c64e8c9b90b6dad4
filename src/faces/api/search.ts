// Ranked search for the agent faces (MCP `search_code`, HTTP `POST /retrieval/search`): the
// hybrid ranker `cairn search` uses, or plain BM25, as compact rows.

import type { IndexView } from '../../app-workspace.js';
import { LANGUAGES, type Language } from '../../core/entities.js';
import { isCairnError, UsageError } from '../../core/errors.js';
import { languageNamed } from '../../indexer/classify/language.js';
import { cairnRanker } from '../../search/rank/cairn-ranker.js';
import type { RankResult, SignalContribution } from '../../search/rank/types.js';
import { searchIndex } from '../../search/text-search.js';
import type { FileFilter } from '../../store/curated.js';
import { onDiskOnly } from './on-disk.js';

export interface SearchInput {
  query: string;
  limit: number;
  kind: 'file' | 'symbol' | 'doc';
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
  kind: SearchInput['kind'];
  mode: SearchInput['mode'];
  results: SearchRow[];
  /** Results left out because their file was deleted after the index was last refreshed. */
  deleted?: number;
  /** Set when vectors were configured but could not be used for this query. */
  note?: string;
}

export function languagesOf(names: readonly string[]): Language[] {
  return names.map((name) => {
    const language = languageNamed(name);
    if (language !== null) return language;
    throw new UsageError(`unknown language "${name}"`, { hint: `use one of ${LANGUAGES.join(', ')} (or an extension such as ts, py, rs)` });
  });
}

export async function searchCode(view: IndexView, input: SearchInput): Promise<SearchAnswer> {
  if (input.query.trim() === '') throw new UsageError('query is empty', { hint: 'pass identifiers, a path, an error message or a task description' });
  const filter: FileFilter = {
    ...(input.languages?.length ? { languages: languagesOf(input.languages) } : {}),
    ...(input.paths?.length ? { pathGlobs: input.paths } : {}),
    ...(input.includeTests === false ? { includeTests: false } : {}),
  };
  // Rows for deleted files are dropped after ranking: ask for a few more.
  const asked = input.limit + 5;
  let rows: SearchRow[];
  let note: string | undefined;
  if (input.mode === 'bm25' || input.kind === 'doc') {
    const { results } = searchIndex(view.reader, { query: input.query, limit: asked, kind: input.kind, filter });
    rows = results.map((hit) => ({ path: hit.path, ...(hit.title ? { symbol: hit.title } : {}), ...(hit.line ? { line: hit.line } : {}), score: round(hit.score) }));
  } else {
    const ranked = await rank(view, { query: input.query, limit: asked, filter });
    note = ranked.note;
    rows =
      input.kind === 'symbol'
        ? ranked.result.symbols.map((hit) => {
            const record = view.reader.symbol(hit.key);
            return { path: hit.path, ...(record ? { symbol: record.qualifiedName, line: record.startLine } : {}), score: round(hit.score), ...signalsOf(hit.signals, input.signals) };
          })
        : ranked.result.files.map((hit) => ({ path: hit.path, score: round(hit.score), ...signalsOf(hit.signals, input.signals) }));
  }
  const { kept, gone } = onDiskOnly(view.context.root, rows, (row) => row.path);
  return { query: input.query, kind: input.kind, mode: input.mode, results: kept.slice(0, input.limit), ...(gone ? { deleted: gone } : {}), ...(note ? { note } : {}) };
}

async function rank(view: IndexView, request: { query: string; limit: number; filter: FileFilter }): Promise<{ result: RankResult; note?: string }> {
  if (view.ranker === null) return { result: await cairnRanker.rank(view.reader, request) };
  try {
    return { result: await view.ranker.rank(view.reader, request) };
  } catch (error) {
    if (!isCairnError(error) || (error.code !== 'PROVIDER_UNAVAILABLE' && error.code !== 'PROVIDER_INVALID_RESPONSE')) throw error;
    return { result: await cairnRanker.rank(view.reader, request), note: `ranked without vectors: ${error.message}` };
  }
}

function signalsOf(signals: readonly SignalContribution[], wanted: boolean | undefined): Pick<SearchRow, 'signals'> {
  if (wanted !== true) return {};
  return { signals: signals.map((entry) => ({ signal: entry.signal, rank: entry.rank, contribution: round(entry.contribution) })) };
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
