// `cairn search QUERY`: ranked search over the index, refreshed incrementally first.
// By default the hybrid ranker (anchors, fielded BM25, docs, history, graph — fused by
// reciprocal rank); `--mode bm25` lists plain BM25 hits with the fields that matched.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import { Option, type Command } from 'commander';
import { printable } from '../../../core/printable.js';
import { describeAnalysis, filterOf, findCode, type RankedRow, type SearchFound, type SearchInput, type TextSearchResult } from '../../../operations/search.js';
import { collect, positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { withIndexRepo } from '../repo-handle.js';
import { reposOption, searchRepos } from './search-repos.js';

interface SearchFlags extends RepoFlags {
  limit: number;
  kind?: SearchInput['kind'];
  mode: 'hybrid' | 'bm25';
  explain?: boolean;
  lang?: string[];
  path?: string[];
  tests: boolean;
  json?: boolean;
  refresh: boolean;
  repos?: '*' | string[];
}

export function registerSearchCommand(program: Command, io: Io): void {
  const command = program
    .command('search')
    .description(COMMAND_SUMMARIES.search.summary)
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
    .option('--repos <names>', "search several repositories of the PostgreSQL store (a,b; '*': every one published there); rows name their repository", reposOption)
    .action(async (query: string, flags: SearchFlags) => {
      const context = await repoFrom(flags, io);
      if (flags.repos !== undefined) {
        const input: SearchInput = { query, limit: flags.limit, kind: flags.kind, mode: flags.mode, paths: flags.path, languages: flags.lang, includeTests: flags.tests, signals: flags.explain };
        return searchRepos(io, context, flags.repos, input, flags);
      }
      await withIndexRepo(context, io, { refresh: flags.refresh }, async (repo) => {
        const input: SearchInput = { query, limit: flags.limit, kind: flags.kind, mode: flags.mode, paths: flags.path, languages: flags.lang, includeTests: flags.tests };
        const found = await findCode(repo, input);
        if (found.mode === 'bm25') printBm25(io, query, found, flags);
        else printRanked(io, query, found, flags);
        const shown = found.mode === 'bm25' ? found.hits.length : found.rows.length;
        if (shown === 0 && (flags.lang || flags.path) && repo.reader().files(filterOf(input)).length === 0) {
          io.err(`cairn: no indexed file matches ${printable(describeFilter(flags))}\n  hint: --path takes a folder, a file or a glob relative to the repository root; see \`cairn status\` for the languages indexed\n`);
        }
      });
    });
}

function describeFilter(flags: SearchFlags): string {
  return [...(flags.path ?? []).map((path) => `--path ${path}`), ...(flags.lang ?? []).map((lang) => `--lang ${lang}`)].join(' ');
}

function printBm25(io: Io, query: string, found: Extract<SearchFound, { mode: 'bm25' }>, flags: SearchFlags): void {
  if (flags.json) printJson(io, { query, mode: 'bm25', terms: found.terms, results: found.hits });
  else io.out(renderBm25(found.hits, found.terms));
}

function printRanked(io: Io, query: string, found: Extract<SearchFound, { mode: 'hybrid' }>, flags: SearchFlags): void {
  if (found.note !== undefined) io.err(`cairn: warning: ${printable(found.note)}\n`);
  if (flags.json) printJson(io, { query, mode: 'hybrid', results: found.rows, ...(flags.explain && found.analysis ? { analysis: describeAnalysis(found.analysis) } : {}) });
  else io.out(renderRanked(found.rows, Boolean(flags.explain)));
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
