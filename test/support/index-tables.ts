// Every table of an index.db as canonical rows, to compare two indexes of the same tree:
// row ids (which depend on write order) are replaced by the natural key they stand for,
// and rows are sorted. Full-text tables are contentless, so their content is read through
// fts5vocab 'instance' tables (term, row, column, offset) and their per-row sizes from
// _docsize; the averages record (id 1 of _data) holds the totals BM25 uses.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { REQUIRED_TABLES } from '../../src/store/sqlite/schema-tables.js';

/**
 * meta keys that differ between two equal indexes by design: when and by which run
 * (indexedAt, indexId), the last walk's memo (its folder and file timestamps), and the
 * cached row counts (a copy, present or not depending on the last run; checked apart).
 */
const VOLATILE_META = new Set(['indexedAt', 'indexId', 'scanMemo', 'rowCounts']);

/** Row ids of the full-text tables → the natural key of the row they index. */
const FTS_KEYS: Record<string, string> = {
  files_fts: 'SELECT id, path AS key FROM files',
  symbols_fts: 'SELECT id, key FROM symbols',
  docs_fts: 'SELECT rowid AS id, id AS key FROM doc_chunks',
  commits_fts: 'SELECT id, sha AS key FROM commits',
  file_meta_fts: 'SELECT id, path AS key FROM files',
};

const QUERIES: Record<string, string> = {
  meta: 'SELECT key, value FROM meta ORDER BY key',
  files: `SELECT path, language, kind, size, mtime_ms, hash, lines, method, parse_note, is_test, is_example, is_vendored,
            is_generated, last_commit_at, commit_count FROM files ORDER BY path`,
  symbols: `SELECT key, path, name, qualified_name, kind, signature, doc, start_byte, end_byte, start_line, end_line, parent,
              exported, method FROM symbols ORDER BY key`,
  imports: 'SELECT from_path, specifier, names, line, kind FROM imports ORDER BY from_path, line, specifier, kind, names',
  import_targets: `SELECT i.from_path, i.line, i.specifier, t.ord, t.to_path FROM import_targets t JOIN imports i ON i.id = t.import_id
                     ORDER BY 1, 2, 3, 4, 5`,
  raw_ref_lists: 'SELECT from_path, refs FROM raw_ref_lists ORDER BY from_path',
  raw_ref_names: 'SELECT name, from_path FROM raw_ref_names ORDER BY name, from_path',
  refs: 'SELECT from_path, from_key, to_key, kind, to_path, count, confidence FROM refs ORDER BY 1, 2, 3, 4',
  doc_chunks: 'SELECT id, path, heading_path, text, start_line, end_line FROM doc_chunks ORDER BY id',
  doc_links: 'SELECT chunk_id, from_path, to_path, to_key, mention FROM doc_links ORDER BY 1, 2, 3, 4, 5',
  cochange: 'SELECT a, b, count FROM cochange ORDER BY a, b',
  commits: 'SELECT sha, time, message FROM commits ORDER BY sha',
  commit_files: 'SELECT c.sha, f.path FROM commit_files f JOIN commits c ON c.id = f.commit_id ORDER BY 1, 2',
  file_meta: 'SELECT path, module, domain, doc, top_level FROM file_meta ORDER BY path',
};

/** Tables compared through another query: FTS shadow and vocabulary tables, and those of QUERIES. */
function coveredBy(table: string): boolean {
  return table in QUERIES || Object.keys(FTS_KEYS).some((fts) => table.startsWith(fts)) || table.endsWith('_vocab');
}

export type IndexTables = Record<string, unknown[]>;

export function indexTables(indexDir: string): IndexTables {
  const db = new Database(join(indexDir, 'index.db'), { readonly: true });
  try {
    const uncovered = REQUIRED_TABLES.index.filter((table) => !coveredBy(table));
    if (uncovered.length > 0) throw new Error(`index-tables.ts does not compare ${uncovered.join(', ')}: add a query`);
    const tables: IndexTables = {};
    for (const [name, sql] of Object.entries(QUERIES)) tables[name] = db.prepare(sql).raw().all();
    tables['meta'] = (tables['meta'] as [string, string][]).filter(([key]) => !VOLATILE_META.has(key));
    for (const [fts, keys] of Object.entries(FTS_KEYS)) Object.assign(tables, ftsTables(db, fts, keys));
    return tables;
  } finally {
    db.close();
  }
}

function ftsTables(db: Database.Database, fts: string, keysSql: string): IndexTables {
  const keys = new Map((db.prepare(keysSql).raw().all() as [number, string][]).map(([id, key]) => [id, key]));
  const keyOf = (id: number): string => keys.get(id) ?? `(no row ${id})`;
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${fts}_instances USING fts5vocab(main, ${fts}, instance)`);
  const instances = (db.prepare(`SELECT term, doc, col, offset FROM temp.${fts}_instances`).raw().all() as [string, number, string, number][])
    .map(([term, doc, col, offset]) => [keyOf(doc), col, offset, term])
    .sort(compareRows);
  const sizes = (db.prepare(`SELECT id, sz FROM ${fts}_docsize`).raw().all() as [number, Buffer][])
    .map(([id, size]) => [keyOf(id), size.toString('hex')])
    .sort(compareRows);
  const averages = db.prepare(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck().get() as Buffer | undefined;
  return { [`${fts} instances`]: instances, [`${fts} sizes`]: sizes, [`${fts} averages`]: [averages?.toString("hex") ?? null] };
}

function compareRows(a: unknown[], b: unknown[]): number {
  for (let at = 0; at < Math.min(a.length, b.length); at++) {
    const x = a[at] as string | number;
    const y = b[at] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return a.length - b.length;
}
