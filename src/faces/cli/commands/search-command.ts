// `cairn search QUERY`: ranked search over the index, refreshed incrementally first.
// By default the hybrid ranker (anchors, fielded BM25, docs, history, graph — fused by
// reciprocal rank); `--mode bm25` lists plain BM25 hits with the fields that matched.

import { Option, type Command } from 'commander';
import type { RepoContext } from '../../../config/repo-context.js';
import { openRanker } from '../../../app/stores.js';
import { LANGUAGES, type Language } from '../../../core/entities.js';
import { UsageError } from '../../../core/errors.js';
import { languageNamed } from '../../../indexer/classify/language.js';
import type { CuratedReader, FileFilter, SearchTarget } from '../../../store/curated.js';
import { describeAnalysis } from '../../../search/query/analyze.js';
import { cairnRanker } from '../../../search/rank/cairn-ranker.js';
import type { RankResult } from '../../../search/rank/types.js';
import type { SignalContribution } from '../../../search/rank/types.js';
import { searchIndex, type TextSearchResult } from '../../../search/text-search.js';
import { collect, positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { printable } from '../../../core/printable.js';
import { isProviderFailure, openIndexForCommand } from '../refresh.js';

interface SearchFlags extends RepoFlags {
  limit: number;
  kind?: SearchTarget;
  mode: 'hybrid' | 'bm25';
  explain?: boolean;
  lang?: string[];
  path?: string[];
  tests: boolean;
  json?: boolean;
  refresh: boolean;
}

interface RankedRow {
  kind: 'file' | 'symbol';
  path: string;
  id: string;
  title: string | null;
  line: number | null;
  score: number;
  signals: SignalContribution[];
}

export function registerSearchCommand(program: Command, io: Io): void {
  const command = program
    .command('search')
    .description('ranked search over files and symbols (hybrid by default; --mode bm25 for plain BM25 with matched fields)')
    .argument('<query>', 'what to look for: identifiers, paths, an error, or a whole task description');
  withRepoOptions(command)
    .option('--limit <n>', 'results to show', positiveInt('--limit'), 10)
    .addOption(new Option('--kind <kind>', 'rank files, symbols, or (bm25 only) doc chunks').choices(['file', 'symbol', 'doc']))
    .addOption(new Option('--mode <mode>', 'ranking').choices(['hybrid', 'bm25']).default('hybrid'))
    .option('--explain', "show every signal's rank and contribution for each result")
    .option('--lang <language>', 'only files of this language (repeatable, comma-separated)', collect)
    .option('--path <glob>', 'only paths matching this glob (repeatable)', collect)
    .option('--no-tests', 'leave test files out')
    .option('--json', 'print JSON')
    .option('--no-refresh', 'do not refresh the index before searching')
    .action(async (query: string, flags: SearchFlags) => {
      const context = await repoFrom(flags, io);
      const reader = await openIndexForCommand(context, io, flags.refresh);
      try {
        const filter: FileFilter = {
          ...(flags.lang ? { languages: languagesOf(flags.lang) } : {}),
          ...(flags.path ? { pathGlobs: flags.path } : {}),
          ...(flags.tests ? {} : { includeTests: false }),
        };
        const shown = flags.mode === 'bm25' || flags.kind === 'doc' ? bm25(io, reader, query, filter, flags) : await hybrid(io, context, reader, query, filter, flags);
        if (shown === 0 && (flags.lang || flags.path) && reader.files(filter).length === 0) {
          io.err(`cairn: no indexed file matches ${printable(describeFilter(flags))}\n  hint: --path takes a folder, a file or a glob relative to the repository root; see \`cairn status\` for the languages indexed\n`);
        }
      } finally {
        reader.close();
      }
    });
}

/** `--lang` values as cairn's language names; an unknown one is a usage error listing the known. */
function languagesOf(names: readonly string[]): Language[] {
  return names.map((name) => {
    const language = languageNamed(name);
    if (language !== null) return language;
    throw new UsageError(`--lang ${name}: unknown language`, {
      hint: `use one of ${LANGUAGES.join(', ')} (or an extension such as ts, py, rs)`,
    });
  });
}

/** The configured ranker (with vectors when `embed` is set); without vectors if the model fails. */
async function rankTask(io: Io, context: RepoContext, reader: CuratedReader, request: Parameters<typeof cairnRanker.rank>[1]): Promise<RankResult> {
  const ranking = openRanker(context, io.env);
  try {
    return await ranking.ranker.rank(reader, request);
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    io.err(`cairn: warning: ranking without vectors (${error.message})\n`);
    return cairnRanker.rank(reader, request);
  } finally {
    ranking.close();
  }
}

function describeFilter(flags: SearchFlags): string {
  return [...(flags.path ?? []).map((path) => `--path ${path}`), ...(flags.lang ?? []).map((lang) => `--lang ${lang}`)].join(' ');
}

/** Prints plain BM25 hits; returns how many. */
function bm25(io: Io, reader: CuratedReader, query: string, filter: FileFilter, flags: SearchFlags): number {
  const { terms, results } = searchIndex(reader, { query, limit: flags.limit, ...(flags.kind ? { kind: flags.kind } : {}), filter });
  if (flags.json) printJson(io, { query, mode: 'bm25', terms, results });
  else io.out(renderBm25(results, terms));
  return results.length;
}

/** Prints the ranked files or symbols; returns how many. */
async function hybrid(io: Io, context: RepoContext, reader: CuratedReader, query: string, filter: FileFilter, flags: SearchFlags): Promise<number> {
  const result = await rankTask(io, context, reader, { query, limit: flags.limit, filter });
  const rows: RankedRow[] =
    flags.kind === 'symbol'
      ? result.symbols.map((symbol) => {
          const record = reader.symbol(symbol.key);
          return { kind: 'symbol', path: symbol.path, id: symbol.key, title: record?.qualifiedName ?? null, line: record?.startLine ?? null, score: symbol.score, signals: symbol.signals };
        })
      : result.files.map((file) => ({ kind: 'file', path: file.path, id: file.path, title: null, line: null, score: file.score, signals: file.signals }));
  if (flags.json) printJson(io, { query, mode: 'hybrid', results: rows, ...(flags.explain && result.analysis ? { analysis: describeAnalysis(result.analysis) } : {}) });
  else io.out(renderRanked(rows, Boolean(flags.explain)));
  return rows.length;
}

function renderBm25(results: TextSearchResult[], terms: string[]): string {
  if (results.length === 0) return `no results for: ${printable(terms.join(' ')) || '(no searchable terms)'}\n`;
  const lines = results.map((result, rank) => {
    const where = result.line ? `${printable(result.path)}:${result.line}` : printable(result.path);
    const title = result.title ? `  ${printable(result.title)}` : '';
    const more = result.alsoMatched ? ` (+${result.alsoMatched} more in file)` : '';
    return `${String(rank + 1).padStart(2)}. ${where}${title}\n    ${result.kind} · score ${result.score.toFixed(2)} · matched ${result.matchedFields.join(', ')}${more}`;
  });
  return `${lines.join('\n')}\n`;
}

function renderRanked(rows: RankedRow[], explain: boolean): string {
  if (rows.length === 0) return 'no results\n';
  const lines: string[] = [];
  rows.forEach((row, rank) => {
    const where = row.line ? `${printable(row.path)}:${row.line}` : printable(row.path);
    lines.push(`${String(rank + 1).padStart(2)}. ${where}${row.title ? `  ${printable(row.title)}` : ''}`);
    const ranked = row.signals.filter((signal) => signal.rank !== null).sort((a, b) => b.contribution - a.contribution);
    lines.push(`    score ${row.score.toFixed(4)} · ${ranked.map((s) => `${s.signal} #${s.rank}`).join(', ') || 'no signal'}`);
    if (explain) {
      for (const signal of row.signals) {
        const rankText = signal.rank === null ? '   -' : `#${String(signal.rank).padStart(3)}`;
        lines.push(`      ${signal.signal.padEnd(14)} ${rankText}  raw ${formatNumber(signal.raw).padStart(9)}  contribution ${signal.contribution >= 0 ? '+' : ''}${signal.contribution.toFixed(4)}`);
      }
    }
  });
  return `${lines.join('\n')}\n`;
}

function formatNumber(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(3);
}
