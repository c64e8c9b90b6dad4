// The FTS5 tables of the curated index as the search code sees them: columns (the field
// names of TextQuery.fieldWeights), the rows each indexes, default weights, and how query
// terms become an FTS5 MATCH expression.

import type { SearchTarget } from '../curated.js';

export interface FtsTable {
  table: string;
  vocab: string;
  columns: readonly string[];
  /** The table of the indexed rows, aliased; its `rowOf` column is the FTS rowid. */
  rows: string;
  rowOf: string;
  /** Join from the rows to `files f`, for filters ('' when the rows are files). */
  fileJoin: string;
  id: string;
  path: string;
}

export const FTS_TABLES: Record<SearchTarget, FtsTable> = {
  file: {
    table: 'files_fts',
    vocab: 'files_vocab',
    columns: ['path', 'body'],
    rows: 'files f',
    rowOf: 'f.id',
    fileJoin: '',
    id: 'f.path',
    path: 'f.path',
  },
  symbol: {
    table: 'symbols_fts',
    vocab: 'symbols_vocab',
    columns: ['name', 'qualified', 'signature', 'doc', 'body', 'path'],
    rows: 'symbols s',
    rowOf: 's.id',
    fileJoin: 'JOIN files f ON f.path = s.path',
    id: 's.key',
    path: 's.path',
  },
  doc: {
    table: 'docs_fts',
    vocab: 'docs_vocab',
    columns: ['heading', 'body', 'path'],
    rows: 'doc_chunks c',
    rowOf: 'c.rowid',
    fileJoin: 'JOIN files f ON f.path = c.path',
    id: 'c.id',
    path: 'c.path',
  },
  meta: {
    table: 'file_meta_fts',
    vocab: 'file_meta_vocab',
    columns: ['module', 'doc', 'names', 'path'],
    rows: 'files f',
    rowOf: 'f.id',
    fileJoin: '',
    id: 'f.path',
    path: 'f.path',
  },
};

/** Full-text columns of each target, in table order: the names `fieldWeights` uses. */
export const SEARCH_FIELDS: Record<SearchTarget, readonly string[]> = {
  file: FTS_TABLES.file.columns,
  symbol: FTS_TABLES.symbol.columns,
  doc: FTS_TABLES.doc.columns,
  meta: FTS_TABLES.meta.columns,
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
  // What the file says it is for counts most; its module name and defined names repeat
  // what the path and the definitions already hold.
  meta: { doc: 4, module: 2, names: 1, path: 1 },
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

/** How unicode61 with remove_diacritics folds a term, so vocabulary lookups agree with it. */
export function foldTerm(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

