// Full-text search over the FTS5 tables: an OR of the quoted query terms ranked by FTS5's
// bm25() with per-column weights, filtered in SQL, and which columns each hit matched.
//
// matchedFields is measured, not guessed: for the returned hits only, one follow-up query
// computes bm25() once per column with that column weighted 1 and all others 0. FTS5 clamps
// IDF to a small positive number, so a column's score is non-zero exactly when a query
// term (or phrase) occurs in that column.

import type { SearchTarget, TermStats, TextHit, TextQuery } from '../curated.js';
import { fileFilterSql } from './file-filter.js';
import { jsonList, type StatementCache } from './statements.js';

interface FtsTable {
  table: string;
  vocab: string;
  columns: readonly string[];
  /** FROM clause joining the FTS table to its rows and to `files f` (for filters). */
  from: string;
  id: string;
  path: string;
  /** The table whose row count is the number of documents. */
  documents: string;
}

const FTS_TABLES: Record<SearchTarget, FtsTable> = {
  file: {
    table: 'files_fts',
    vocab: 'files_vocab',
    columns: ['path', 'body'],
    from: 'files_fts JOIN files f ON f.id = files_fts.rowid',
    id: 'f.path',
    path: 'f.path',
    documents: 'files',
  },
  symbol: {
    table: 'symbols_fts',
    vocab: 'symbols_vocab',
    columns: ['name', 'qualified', 'signature', 'doc', 'body', 'path'],
    from: 'symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid JOIN files f ON f.path = s.path',
    id: 's.key',
    path: 's.path',
    documents: 'symbols',
  },
  doc: {
    table: 'docs_fts',
    vocab: 'docs_vocab',
    columns: ['heading', 'body', 'path'],
    from: 'docs_fts JOIN doc_chunks c ON c.rowid = docs_fts.rowid JOIN files f ON f.path = c.path',
    id: 'c.id',
    path: 'c.path',
    documents: 'doc_chunks',
  },
};

/** Full-text columns of each target, in table order: the names `fieldWeights` uses. */
export const SEARCH_FIELDS: Record<SearchTarget, readonly string[]> = {
  file: FTS_TABLES.file.columns,
  symbol: FTS_TABLES.symbol.columns,
  doc: FTS_TABLES.doc.columns,
};

/**
 * Used when a query names no weights: a term in a symbol's own name says far more than
 * one in its body, its qualified name or file path nearly as much, its signature (types,
 * parameters) and docs less.
 */
export const DEFAULT_FIELD_WEIGHTS: Record<SearchTarget, Readonly<Record<string, number>>> = {
  file: { path: 5, body: 1 },
  symbol: { name: 10, qualified: 8, path: 5, signature: 4, doc: 2, body: 1 },
  doc: { heading: 8, path: 5, body: 1 },
};

/** Terms with nothing FTS5 could index (no letter, digit, "_" or ".") are dropped. */
const INDEXABLE = /[\p{L}\p{N}_.]/u;

/** The FTS5 MATCH expression: each distinct term quoted (so operators are literal), ORed. */
export function matchExpression(terms: readonly string[]): string | null {
  const distinct = [...new Set(terms.filter((term) => INDEXABLE.test(term)))];
  if (distinct.length === 0) return null;
  return distinct.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
}

export function columnWeights(target: SearchTarget, fieldWeights: Record<string, number> | undefined): number[] {
  const weights = fieldWeights ?? DEFAULT_FIELD_WEIGHTS[target];
  return FTS_TABLES[target].columns.map((column) => weights[column] ?? 1);
}

interface RankedRow {
  id: string;
  path: string;
  rowid: number;
  rank: number;
}

export function searchText(sql: StatementCache, query: TextQuery): TextHit[] {
  const match = matchExpression(query.terms);
  if (match === null || query.limit <= 0) return [];
  const fts = FTS_TABLES[query.target];
  const filter = fileFilterSql(query.filter, 'f');
  const weights = columnWeights(query.target, query.fieldWeights);
  const rows = sql.all<RankedRow>(
    `SELECT ${fts.id} AS id, ${fts.path} AS path, ${fts.table}.rowid AS rowid,
       bm25(${fts.table}, ${weights.map(() => '?').join(', ')}) AS rank
     FROM ${fts.from}
     WHERE ${fts.table} MATCH ?${filter.sql}
     ORDER BY rank, id LIMIT ?`,
    ...weights,
    match,
    ...filter.params,
    Math.floor(query.limit),
  );
  const matched = matchedColumns(sql, fts, match, rows);
  return rows.map((row) => ({
    target: query.target,
    path: row.path,
    id: row.id,
    score: -row.rank,
    matchedFields: matched.get(row.rowid) ?? [],
  }));
}

function matchedColumns(sql: StatementCache, fts: FtsTable, match: string, rows: RankedRow[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (rows.length === 0) return out;
  const perColumn = fts.columns.map((_, at) => {
    const weights = fts.columns.map((__, other) => (other === at ? 1 : 0));
    return `bm25(${fts.table}, ${weights.join(', ')}) AS c${at}`;
  });
  const scored = sql.all<Record<string, number>>(
    `SELECT rowid, ${perColumn.join(', ')} FROM ${fts.table}
     WHERE ${fts.table} MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
    match,
    jsonList(rows.map((row) => row.rowid)),
  );
  for (const row of scored) {
    const fields = fts.columns.filter((_, at) => (row[`c${at}`] ?? 0) !== 0);
    out.set(row.rowid as number, fields);
  }
  return out;
}

/** How unicode61 with remove_diacritics folds a term, so vocabulary lookups agree with it. */
export function foldTerm(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Document frequency per term (as given) from the fts5vocab table; absent terms count 0. */
export function termStatistics(sql: StatementCache, target: SearchTarget, terms: readonly string[]): TermStats {
  const fts = FTS_TABLES[target];
  const documents = sql.value<number>(`SELECT count(*) FROM ${fts.documents}`) ?? 0;
  const documentFrequency = new Map<string, number>();
  for (const term of terms) {
    const frequency = sql.value<number>(`SELECT doc FROM ${fts.vocab} WHERE term = ?`, foldTerm(term));
    documentFrequency.set(term, frequency ?? 0);
  }
  return { documents, documentFrequency };
}
