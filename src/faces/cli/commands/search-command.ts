// `cairn search QUERY`: BM25 over the index, refreshed incrementally first.

import { Option, type Command } from 'commander';
import { drainIndex, openReader, runIndex, type RepoContext } from '../../../app.js';
import type { Language } from '../../../core/entities.js';
import type { FileFilter, SearchTarget } from '../../../store/curated.js';
import { searchIndex, type TextSearchResult } from '../../../search/text-search.js';
import { collect, positiveInt, printJson, repoFrom, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';

interface SearchFlags extends RepoFlags {
  limit: number;
  kind?: SearchTarget;
  lang?: string[];
  path?: string[];
  json?: boolean;
  refresh: boolean;
}

export function registerSearchCommand(program: Command, io: Io): void {
  const command = program
    .command('search')
    .description('full-text search (BM25) over files, symbols and docs; a file ranks at its best hit')
    .argument('<query>', 'what to look for (identifiers, words, paths)');
  withRepoOptions(command)
    .option('--limit <n>', 'results to show', positiveInt('--limit'), 10)
    .addOption(new Option('--kind <kind>', 'only this kind of hit').choices(['file', 'symbol', 'doc']))
    .option('--lang <language>', 'only files of this language (repeatable, comma-separated)', collect)
    .option('--path <glob>', 'only paths matching this glob (repeatable)', collect)
    .option('--json', 'print JSON')
    .option('--no-refresh', 'do not refresh the index before searching')
    .action(async (query: string, flags: SearchFlags) => {
      const context = repoFrom(flags, io);
      if (flags.refresh) await refreshQuietly(context);
      const reader = openReader(context);
      try {
        const filter: FileFilter = {
          ...(flags.lang ? { languages: flags.lang as Language[] } : {}),
          ...(flags.path ? { pathGlobs: flags.path } : {}),
        };
        const { terms, results } = searchIndex(reader, {
          query,
          limit: flags.limit,
          ...(flags.kind ? { kind: flags.kind } : {}),
          filter,
        });
        if (flags.json) printJson(io, { query, terms, results });
        else io.out(renderResults(results, terms));
      } finally {
        reader.close();
      }
    });
}

export async function refreshQuietly(context: RepoContext): Promise<void> {
  await drainIndex(runIndex(context));
}

function renderResults(results: TextSearchResult[], terms: string[]): string {
  if (results.length === 0) return `no results for: ${terms.join(' ') || '(no searchable terms)'}\n`;
  const lines = results.map((result, rank) => {
    const where = result.line ? `${result.path}:${result.line}` : result.path;
    const title = result.title ? `  ${result.title}` : '';
    const more = result.alsoMatched ? ` (+${result.alsoMatched} more in file)` : '';
    return `${String(rank + 1).padStart(2)}. ${where}${title}\n    ${result.kind} · score ${result.score.toFixed(2)} · matched ${result.matchedFields.join(', ')}${more}`;
  });
  return `${lines.join('\n')}\n`;
}
