// `cairn search QUERY --repos a,b` (or `--repos '*'`): one search over several repositories
// of a PostgreSQL store, the same operation HTTP and MCP run with `repos`
// (operations/search-across.ts). The repository the command runs in is searched through
// its own handle (its working copy, its configuration); the others from their newest
// published generations, checked out into this repository's index directory.

import { openPublishedSearch } from '../../../app/published-search.js';
import type { RepoContext } from '../../../config/repo-context.js';
import { InvalidArgumentError } from 'commander';
import { printable } from '../../../core/printable.js';
import { acrossNeedsSharedStore, firstOf, reposNamed, oneRepository, searchRepositories, type AcrossAnswer, type SearchableRepositories } from '../../../operations/search-across.js';
import { searchCode, type SearchHandle, type SearchInput } from '../../../operations/search.js';
import { printJson } from '../common-options.js';
import type { Io } from '../io.js';
import { withIndexRepo } from '../repo-handle.js';

/** `--repos`: names separated by commas, or `*` for every repository in the store. */
export function reposOption(value: string): '*' | string[] {
  const names = reposNamed(value);
  if (names === null) throw new InvalidArgumentError(`--repos takes names separated by commas (a,b), or '*' for every repository in the store; got "${printable(value)}".`);
  return names;
}

export async function searchRepos(io: Io, context: RepoContext, asked: '*' | string[], input: SearchInput, flags: { refresh: boolean; json?: boolean; explain?: boolean }): Promise<void> {
  const store = context.store;
  if (store === undefined) throw acrossNeedsSharedStore();
  const published = openPublishedSearch(store, context.indexDir);
  try {
    const local = store.repository;
    const run = (handle: SearchHandle | null): Promise<AcrossAnswer> => {
      const sets: SearchableRepositories[] = handle === null ? [published] : [oneRepository([local], (request) => searchCode(handle, request)), published];
      return searchRepositories(firstOf(...sets), asked, input);
    };
    const wantsLocal = asked === '*' ? published.has(local) : asked.includes(local);
    const answer = wantsLocal ? await withIndexRepo(context, io, { refresh: flags.refresh }, (repo) => run(repo)) : await run(null);
    if (answer.note !== undefined) io.err(`cairn: warning: ${printable(answer.note)}\n`);
    if (flags.json) printJson(io, answer);
    else io.out(renderAcross(answer, Boolean(flags.explain)));
  } finally {
    published.close();
  }
}

function renderAcross(answer: AcrossAnswer, explain: boolean): string {
  if (answer.results.length === 0) return `no results in ${answer.repositories.map(printable).join(', ')}\n`;
  const lines: string[] = [];
  answer.results.forEach((row, rank) => {
    const where = row.line ? `${printable(row.path)}:${row.line}` : printable(row.path);
    lines.push(`${String(rank + 1).padStart(2)}. ${printable(row.repository)}  ${where}${row.symbol ? `  ${printable(row.symbol)}` : ''}`);
    lines.push(`    score ${row.score.toFixed(4)}`);
    if (explain) for (const signal of row.signals ?? []) lines.push(`      ${signal.signal.padEnd(14)} ${signal.rank === null ? '   -' : `#${String(signal.rank).padStart(3)}`}  contribution ${signal.contribution >= 0 ? '+' : ''}${signal.contribution.toFixed(4)}`);
  });
  return `${lines.join('\n')}\n`;
}
