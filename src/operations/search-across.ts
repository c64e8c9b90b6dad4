// One search over several repositories, whichever face asks (CLI `cairn search --repos`,
// HTTP `POST /retrieval/search` with `repos`, MCP `search_code` with `repos`): each
// repository is searched as it is alone, and the rows merged by score as the search layer
// merges published repositories (search/across-repositories.ts), each named with its
// repository. A score is that repository's own (its BM25, or its hybrid fusion, built from
// ranks). Where the repositories come from is the face's: the ones a server serves, the
// ones published in a PostgreSQL store, or both (`firstOf`).

import { compareText } from '../core/compare.js';
import { NotFoundError, UsageError } from '../core/errors.js';
import { mergeByScore } from '../search/across-repositories.js';
import type { SearchAnswer, SearchInput, SearchRow } from './search.js';

export interface RepositoryRow extends SearchRow {
  repository: string;
}

export interface AcrossAnswer extends Omit<SearchAnswer, 'results'> {
  results: RepositoryRow[];
  /** The repositories searched, in the order asked. */
  repositories: string[];
}

/** Repositories a search can span, by name. */
export interface SearchableRepositories {
  /** Every one of them ("*"), each once, by the name its rows carry. */
  names(): string[];
  /** Whether `name` is one of them (it may also be another name of one, e.g. a served repository's name in the store). */
  has(name: string): boolean;
  /** The repository's own search (`has(name)` holds). */
  search(name: string, input: SearchInput): Promise<SearchAnswer>;
}

/** The repositories `asked` names ("*": every one), searched side by side and merged by score. */
export async function searchRepositories(repos: SearchableRepositories, asked: '*' | readonly string[], input: SearchInput): Promise<AcrossAnswer> {
  const names = asked === '*' ? repos.names() : [...new Set(asked)];
  if (names.length === 0) throw new NotFoundError('there is no repository to search yet', { hint: 'publish one with `cairn index --store URL`' });
  for (const name of names) {
    if (!repos.has(name)) throw new NotFoundError(`no repository named "${name.slice(0, 200)}" to search here`, { hint: `known: ${listed(repos.names())}` });
  }
  const answers = await Promise.all(names.map((name) => repos.search(name, input)));
  return mergeAcross(names.map((repository, at) => ({ repository, answer: answers[at]! })), input.limit);
}

/** The sets together: a name goes to the first set that has it; "*" lists each repository once, the first set's first. */
export function firstOf(...sets: readonly SearchableRepositories[]): SearchableRepositories {
  const owner = (name: string): SearchableRepositories | undefined => sets.find((set) => set.has(name));
  return {
    names: () => {
      const names: string[] = [];
      sets.forEach((set, at) => names.push(...set.names().filter((name) => !sets.slice(0, at).some((earlier) => earlier.has(name)))));
      return names;
    },
    has: (name) => owner(name) !== undefined,
    search: (name, input) => {
      const set = owner(name);
      if (set === undefined) throw new NotFoundError(`no repository named "${name}" to search here`);
      return set.search(name, input);
    },
  };
}

/** `a,b` as names, `*` as every repository; null when a name is empty. */
export function reposNamed(value: string): '*' | string[] | null {
  if (value.trim() === '*') return '*';
  const names = value.split(',').map((name) => name.trim());
  return names.some((name) => name === '') ? null : names;
}

/** Searching repositories by name needs a store that holds more than one: said where a face has none. */
export function acrossNeedsSharedStore(): UsageError {
  return new UsageError('repos searches the repositories published in a PostgreSQL store, and this repository uses the embedded one', {
    hint: 'run cairn with --store postgres://… (or CAIRN_DATABASE_URL) on the database `cairn index --store` publishes to',
  });
}

/** The best `limit` rows of every repository's answer, by score; ties by repository, then path. */
export function mergeAcross(answers: readonly { repository: string; answer: SearchAnswer }[], limit: number): AcrossAnswer {
  const first = answers[0]?.answer;
  if (first === undefined) throw new RangeError('mergeAcross needs at least one answer');
  const rows = mergeByScore(answers.map(({ repository, answer }) => ({ repository, rows: answer.results })), limit, (a, b) => compareText(a.symbol ?? '', b.symbol ?? ''));
  const deleted = answers.reduce((sum, { answer }) => sum + (answer.deleted ?? 0), 0);
  const notes = answers.filter(({ answer }) => answer.note !== undefined).map(({ repository, answer }) => `${repository}: ${answer.note}`);
  return {
    query: first.query,
    kind: first.kind,
    mode: first.mode,
    repositories: answers.map(({ repository }) => repository),
    results: rows,
    ...(deleted > 0 ? { deleted } : {}),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}

function listed(names: readonly string[]): string {
  if (names.length === 0) return '(none)';
  return names.length > 20 ? `${names.slice(0, 20).join(', ')} and ${names.length - 20} more` : names.join(', ');
}

/** One repository, under one name or more (a served repository's name and its name in the store), as a set of its own. */
export function oneRepository(names: readonly string[], search: (input: SearchInput) => Promise<SearchAnswer>): SearchableRepositories {
  return { names: () => [names[0]!], has: (name) => names.includes(name), search: (_name, input) => search(input) };
}
