// The tables each database must hold once migrated, FTS5 shadow tables included. A file
// at the right schema version that lacks one (dropped by hand, or a page of the schema
// lost) would fail later with "no such table" in the middle of a command; checked at
// open instead, it is reported as a damaged store. schema-tables.test.ts proves these
// lists are exactly what the migrations create.

import type { Db, StoreFile } from './connection.js';
import { damaged } from './connection.js';
import type { SchemaName } from './migrations.js';

const fts5 = (name: string): string[] => [name, ...['config', 'data', 'docsize', 'idx'].map((part) => `${name}_${part}`)];

export const REQUIRED_TABLES: Readonly<Record<SchemaName, readonly string[]>> = {
  index: [
    'meta', 'files', 'symbols', 'imports', 'import_targets', 'raw_ref_lists', 'raw_ref_names', 'refs',
    'doc_chunks', 'doc_links', 'cochange', 'commits', 'commit_files',
    ...fts5('files_fts'), ...fts5('symbols_fts'), ...fts5('docs_fts'), ...fts5('commits_fts'),
    'files_vocab', 'symbols_vocab', 'docs_vocab',
    'file_meta', ...fts5('file_meta_fts'), 'file_meta_vocab',
  ],
  'raw-log': ['entries'],
  sessions: ['sessions'],
  vectors: ['meta', 'items', 'completed_paths', 'embedding_cache'],
  failures: ['failures'],
  enrichment: ['enrichment', 'enrichment_ids', ...fts5('enrichment_fts')],
  memory: ['artifacts', 'episodes', 'blocks', 'cuts', 'versions', 'ledger', 'evaluations', 'authority', 'etv_cache', 'counters'],
};

/** The tables of a database, SQLite's own (sqlite_*) left out. */
export function tablesOf(db: Db): Set<string> {
  return new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").pluck().all() as string[]);
}

/** Throws INDEX_CORRUPT naming the tables a current-version database lacks. */
export function requireTables(db: Db, store: StoreFile, schema: SchemaName): void {
  const present = tablesOf(db);
  const missing = REQUIRED_TABLES[schema].filter((name) => !present.has(name));
  if (missing.length > 0) throw damaged(store, `lacks ${missing.length === 1 ? 'the table' : 'the tables'} ${missing.join(', ')}`);
}
