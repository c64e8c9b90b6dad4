// FileFilter as SQL over the `files` table, so that filters are applied before LIMIT
// (a filter that removes most hits still yields `limit` results). Path globs are matched
// by picomatch inside SQLite through a registered function.

import type { FileFilter } from '../curated.js';
import { pathMatcher } from '../file-filter.js';
import type { Db } from './connection.js';
import { jsonList } from './statements.js';

export const PATH_MATCH_FUNCTION = 'cairn_path_matches';

/** Compiled matchers kept per connection; a face uses a handful of glob sets at most. */
const MAX_CACHED_MATCHERS = 64;

export function registerPathMatcher(db: Db): void {
  const matchers = new Map<string, (path: string) => boolean>();
  db.function(PATH_MATCH_FUNCTION, { deterministic: true }, (globsJson: unknown, path: unknown) => {
    const key = String(globsJson);
    let matches = matchers.get(key);
    if (matches === undefined) {
      if (matchers.size >= MAX_CACHED_MATCHERS) matchers.clear();
      matches = pathMatcher(JSON.parse(key) as string[]);
      matchers.set(key, matches);
    }
    return matches(String(path)) ? 1 : 0;
  });
}

export interface SqlFragment {
  /** " AND ..." conditions, or "" when the filter restricts nothing. */
  sql: string;
  params: unknown[];
}

/**
 * Conditions on a `files` row aliased `alias`. Empty lists restrict nothing, like absent
 * ones; only `includeTests: false` drops test files.
 */
export function fileFilterSql(filter: FileFilter | undefined, alias: string): SqlFragment {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter?.languages && filter.languages.length > 0) {
    conditions.push(`${alias}.language IN (SELECT value FROM json_each(?))`);
    params.push(jsonList(filter.languages));
  }
  if (filter?.kinds && filter.kinds.length > 0) {
    conditions.push(`${alias}.kind IN (SELECT value FROM json_each(?))`);
    params.push(jsonList(filter.kinds));
  }
  if (filter?.includeTests === false) conditions.push(`${alias}.is_test = 0`);
  if (filter?.pathGlobs && filter.pathGlobs.length > 0) {
    conditions.push(`${PATH_MATCH_FUNCTION}(?, ${alias}.path) = 1`);
    params.push(jsonList(filter.pathGlobs));
  }
  return { sql: conditions.map((condition) => ` AND ${condition}`).join(''), params };
}
