// One search over several repositories (HTTP `POST /retrieval/search` with `repos`): each
// repository is searched as it is alone, and the rows merged by score as the search layer
// merges published repositories (search/across-repositories.ts), each named with its
// repository. A score is that repository's own (its BM25, or its hybrid fusion, built from
// ranks).

import { compareText } from '../core/compare.js';
import { mergeByScore } from '../search/across-repositories.js';
import type { SearchAnswer, SearchRow } from './search.js';

export interface RepositoryRow extends SearchRow {
  repository: string;
}

export interface AcrossAnswer extends Omit<SearchAnswer, 'results'> {
  results: RepositoryRow[];
  /** The repositories searched, in the order asked. */
  repositories: string[];
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
