// Full-text search over the FTS5 tables: an OR of the quoted query terms ranked by FTS5's
// bm25() with per-column weights, filtered in SQL, and which columns each hit matched.
//
// Terms in at least half the documents are left out of the first, ranking pass: FTS5
// floors their IDF at 1e-6, so they add next to nothing to any score, yet scoring every
// row they match dominates the query time. When the remaining terms find fewer than
// `limit` rows, the query runs again with every term, so such rows still fill the tail.
//
// matchedFields is measured, not guessed: for the returned hits only, a follow-up query
// asks FTS5 itself which columns of those rows match the full expression.

import type { SearchTarget, TextHit, TextQuery } from '../curated.js';
import { fileFilterSql } from './file-filter.js';
import { columnWeights, FTS_TABLES, matchExpression } from './fts-tables.js';
import { jsonList, type StatementCache } from './statements.js';
import type { TermStatistics } from './term-stats.js';

export interface RankedRow {
  id: string;
  path: string;
  rowid: number;
  rank: number;
}

function runRanking(sql: StatementCache, query: TextQuery, match: string): RankedRow[] {
  const fts = FTS_TABLES[query.target];
  const filter = fileFilterSql(query.filter, 'f');
  const weights = columnWeights(query.target, query.fieldWeights);
  const bm25 = `bm25(${fts.table}, ${weights.map(() => '?').join(', ')})`;
  const limit = Math.floor(query.limit);
  if (filter.sql === '') {
    // Without a filter, rank on the FTS table alone and join only the rows returned.
    return sql.all<RankedRow>(
      `SELECT ${fts.id} AS id, ${fts.path} AS path, ranked.rowid AS rowid, ranked.rank AS rank
       FROM (SELECT rowid, ${bm25} AS rank FROM ${fts.table} WHERE ${fts.table} MATCH ? ORDER BY rank, rowid LIMIT ?) AS ranked
       JOIN ${fts.rows} ON ${fts.rowOf} = ranked.rowid
       ORDER BY ranked.rank, ranked.rowid`,
      ...weights,
      match,
      limit,
    );
  }
  return sql.all<RankedRow>(
    `SELECT ${fts.id} AS id, ${fts.path} AS path, ${fts.table}.rowid AS rowid, ${bm25} AS rank
     FROM ${fts.table} JOIN ${fts.rows} ON ${fts.rowOf} = ${fts.table}.rowid ${fts.fileJoin}
     WHERE ${fts.table} MATCH ?${filter.sql}
     ORDER BY rank, ${fts.table}.rowid LIMIT ?`,
    ...weights,
    match,
    ...filter.params,
    limit,
  );
}

/** The terms worth a first pass: those FTS5 does not floor, when there are any and others are floored. */
export function selectiveTerms(stats: TermStatistics, target: SearchTarget, terms: readonly string[]): string[] | null {
  if (terms.length < 2) return null;
  const { documents, documentFrequency } = stats.stats(target, terms);
  const selective = terms.filter((term) => 2 * (documentFrequency.get(term) ?? 0) < documents);
  return selective.length > 0 && selective.length < terms.length ? selective : null;
}

/** The ranked, filtered rows of a query and its full MATCH expression; null when nothing can match. */
export function rankedSearch(
  sql: StatementCache,
  stats: TermStatistics,
  query: TextQuery,
): { match: string; rows: RankedRow[] } | null {
  const match = matchExpression(query.terms);
  if (match === null || query.limit <= 0) return null;
  const selective = selectiveTerms(stats, query.target, query.terms);
  const firstPass = selective === null ? null : matchExpression(selective);
  if (firstPass !== null) {
    const rows = runRanking(sql, query, firstPass);
    if (rows.length >= query.limit) return { match, rows };
  }
  return { match, rows: runRanking(sql, query, match) };
}

export function searchText(sql: StatementCache, stats: TermStatistics, query: TextQuery): TextHit[] {
  const ranked = rankedSearch(sql, stats, query);
  if (ranked === null) return [];
  const matched = query.matchedFields === false ? new Map<number, string[]>() : matchedColumns(sql, query.target, ranked.match, ranked.rows);
  return ranked.rows.map((row) => ({
    target: query.target,
    path: row.path,
    id: row.id,
    score: -row.rank,
    matchedFields: matched.get(row.rowid) ?? [],
  }));
}

/**
 * Column names in which the query matched, per FTS rowid of the given rows. One query over
 * those rows computes bm25() once per column, that column weighted 1 and the others 0:
 * FTS5 floors IDF at a small positive number, so a column scores non-zero exactly when a
 * query term (or phrase) occurs in it. The rowid range lets FTS5 skip most of each
 * doclist; `+rowid IN` keeps SQLite from re-running the MATCH once per rowid, which
 * measured slower than one pass (and column-filter queries slower still).
 */
export function matchedColumns(sql: StatementCache, target: SearchTarget, match: string, rows: RankedRow[]): Map<number, string[]> {
  const fts = FTS_TABLES[target];
  const out = new Map<number, string[]>();
  if (rows.length === 0) return out;
  const rowids = rows.map((row) => row.rowid);
  const perColumn = fts.columns.map((_, at) => {
    const weights = fts.columns.map((__, other) => (other === at ? 1 : 0));
    return `bm25(${fts.table}, ${weights.join(', ')}) AS c${at}`;
  });
  const scored = sql.all<Record<string, number>>(
    `SELECT rowid, ${perColumn.join(', ')} FROM ${fts.table}
     WHERE ${fts.table} MATCH ? AND rowid >= ? AND rowid <= ? AND +rowid IN (SELECT value FROM json_each(?))`,
    match,
    Math.min(...rowids),
    Math.max(...rowids),
    jsonList(rowids),
  );
  for (const row of scored) {
    out.set(row.rowid as number, fts.columns.filter((_, at) => (row[`c${at}`] ?? 0) !== 0));
  }
  return out;
}
