// Writing and removing everything one file contributes to the curated index, full-text
// rows included. Callers run these inside a transaction.
//
// What "hangs off" a file, and so goes when the file is replaced: its symbols, imports
// and their targets, raw references, doc chunks, the edges and doc links *out of* it
// (they were derived from its old content), and its FTS rows. What points *at* it stays
// while the file exists (edges, doc links, import targets, co-change pairs), except
// edges and links to symbols that the new content no longer defines. Deleting a file
// removes both directions.

import type { IndexedFile } from '../curated.js';
import { internalError } from './connection.js';
import { searchTextOf, type SearchableText, type SearchTextEncoder } from '../../core/search-text.js';
import { encodeRawRefs, FILE_COLUMNS, fileParams, SYMBOL_COLUMNS, symbolParams } from './rows.js';
import type { FtsDeletions } from './fts-totals.js';
import type { StatementCache } from './statements.js';

const INSERT_FILE = `INSERT INTO files (${FILE_COLUMNS}) VALUES (${FILE_COLUMNS.split(',').map(() => '?').join(', ')})`;
const INSERT_SYMBOL = `INSERT INTO symbols (${SYMBOL_COLUMNS}) VALUES (${SYMBOL_COLUMNS.split(',').map(() => '?').join(', ')})`;

function checkOwnership(indexed: IndexedFile): void {
  const path = indexed.file.path;
  const stray =
    indexed.symbols.find((symbol) => symbol.path !== path)?.key ??
    indexed.imports.find((entry) => entry.fromPath !== path)?.specifier ??
    indexed.rawReferences.find((reference) => reference.fromPath !== path)?.name ??
    indexed.docChunks.find((chunk) => chunk.path !== path)?.id;
  if (stray !== undefined) throw internalError(`writeFiles: ${stray} does not belong to ${path}.`);
}

/**
 * Deletes FTS rows one rowid at a time: a rowid-IN-subquery delete would scan the FTS
 * table. Each row's size is noted first, for the BM25 totals (fts-totals.ts).
 */
function deleteFtsRows(sql: StatementCache, deletions: FtsDeletions, table: string, rowids: number[]): void {
  for (const rowid of rowids) {
    deletions.note(table, rowid);
    sql.run(`DELETE FROM ${table} WHERE rowid = ?`, rowid);
  }
}

/** Removes the rows that derive from a file's content (see the header); returns whether it existed. */
export function removeFileContent(sql: StatementCache, deletions: FtsDeletions, path: string): boolean {
  const fileId = sql.value<number>('SELECT id FROM files WHERE path = ?', path);
  if (fileId === undefined) return false;
  deleteFtsRows(sql, deletions, 'files_fts', [fileId]);
  deleteFtsRows(sql, deletions, 'file_meta_fts', [fileId]);
  deleteFtsRows(sql, deletions, 'symbols_fts', sql.column<number>('SELECT id FROM symbols WHERE path = ?', path));
  deleteFtsRows(sql, deletions, 'docs_fts', sql.column<number>('SELECT rowid FROM doc_chunks WHERE path = ?', path));
  sql.run('DELETE FROM files WHERE id = ?', fileId);
  sql.run('DELETE FROM file_meta WHERE path = ?', path);
  sql.run('DELETE FROM symbols WHERE path = ?', path);
  sql.run('DELETE FROM import_targets WHERE from_path = ?', path);
  sql.run('DELETE FROM imports WHERE from_path = ?', path);
  // The file's name pairs are those of its list's name dictionary (see migration 004).
  sql.run(
    `DELETE FROM raw_ref_names WHERE from_path = ?1 AND name IN
      (SELECT value FROM json_each((SELECT refs FROM raw_ref_lists WHERE from_path = ?1), '$[1]'))`,
    { 1: path },
  );
  sql.run('DELETE FROM raw_ref_lists WHERE from_path = ?', path);
  sql.run('DELETE FROM refs WHERE from_path = ?', path);
  sql.run('DELETE FROM doc_chunks WHERE path = ?', path);
  sql.run('DELETE FROM doc_links WHERE from_path = ?', path);
  return true;
}

/** Removes a file and everything pointing at it. */
export function deleteFile(sql: StatementCache, deletions: FtsDeletions, path: string): void {
  removeFileContent(sql, deletions, path);
  sql.run('DELETE FROM refs WHERE to_path = ?', path);
  sql.run('DELETE FROM doc_links WHERE to_path = ?', path);
  sql.run('DELETE FROM import_targets WHERE to_path = ?', path);
  sql.run('DELETE FROM cochange WHERE a = ?1 OR b = ?1', { 1: path }); // numbered: bound from an object
}

/** After a rewrite: edges and links into symbols the file no longer defines would dangle. */
function pruneIncoming(sql: StatementCache, path: string): void {
  const gone = 'to_path = ?1 AND to_key <> ?1 AND to_key NOT IN (SELECT key FROM symbols WHERE path = ?1)';
  sql.run(`DELETE FROM refs WHERE ${gone}`, { 1: path });
  sql.run(`DELETE FROM doc_links WHERE to_key IS NOT NULL AND ${gone}`, { 1: path });
}

/**
 * Writes files (the later of two entries for one path wins). All old content goes first,
 * then all new rows: a statement that may change several rows (these deletes) opens a
 * statement savepoint, and at each savepoint FTS5 flushes the terms inserted so far as a
 * new segment. Removing and inserting file by file made one small segment per file, and
 * merging them dominated the cost: rewriting all of sympy took 12.9 s of CPU this way and
 * 7.0 s with the deletes first (a fresh write of the same files: 2.5 s).
 */
export function writeFiles(sql: StatementCache, deletions: FtsDeletions, encoder: SearchTextEncoder, files: readonly IndexedFile[]): void {
  for (const indexed of files) checkOwnership(indexed);
  const rewritten = new Set<string>();
  for (const indexed of files) if (removeFileContent(sql, deletions, indexed.file.path)) rewritten.add(indexed.file.path);
  const written = new Set<string>();
  for (const indexed of files) {
    const path = indexed.file.path;
    if (written.has(path)) removeFileContent(sql, deletions, path);
    insertFileRows(sql, encoder, indexed);
    written.add(path);
  }
  for (const path of rewritten) pruneIncoming(sql, path);
}

function insertFileRows(sql: StatementCache, encoder: SearchTextEncoder, indexed: IndexedFile): void {
  const path = indexed.file.path;
  const fileId = sql.run(INSERT_FILE, ...fileParams(indexed.file)).lastInsertRowid;
  const search = indexed.searchText ?? searchTextOf({ ...indexed, path }, encoder);
  sql.run('INSERT INTO files_fts (rowid, path, body) VALUES (?, ?, ?)', fileId, search.path, search.body);
  writeSymbols(sql, search, indexed);
  writeImports(sql, indexed);
  writeRawReferences(sql, indexed);
  writeDocChunks(sql, search, indexed);
  writeFileMeta(sql, encoder, Number(fileId), search.path, indexed);
}

/** The file's metadata row and its full-text row (rowid = the file's id); none when it has no record. */
function writeFileMeta(sql: StatementCache, encoder: SearchTextEncoder, fileId: number, pathText: string, indexed: IndexedFile): void {
  const meta = indexed.meta;
  if (meta === undefined) return;
  if (meta.path !== indexed.file.path) throw internalError(`writeFiles: metadata of ${meta.path} does not belong to ${indexed.file.path}.`);
  sql.run('INSERT INTO file_meta (path, module, domain, doc, top_level) VALUES (?, ?, ?, ?, ?)', meta.path, meta.module, meta.domain, meta.doc, JSON.stringify(meta.topLevel));
  const moduleText = encoder.text(meta.domain === null ? meta.module : `${meta.module} ${meta.domain}`);
  sql.run('INSERT INTO file_meta_fts (rowid, module, doc, names, path) VALUES (?, ?, ?, ?, ?)', fileId, moduleText, encoder.text(meta.doc), encoder.text(meta.topLevel.join(' ')), pathText);
}

function writeSymbols(sql: StatementCache, search: SearchableText, indexed: IndexedFile): void {
  const insert = sql.get(INSERT_SYMBOL);
  const insertFts = sql.get(
    'INSERT INTO symbols_fts (rowid, name, qualified, signature, doc, body, path) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  indexed.symbols.forEach((symbol, at) => {
    const id = insert.run(...symbolParams(symbol)).lastInsertRowid;
    const text = search.symbols[at];
    if (!text) throw internalError(`search text of ${indexed.file.path} has no entry for ${symbol.key}`);
    insertFts.run(id, text.name, text.qualified, text.signature, text.doc, text.body, search.path);
  });
}

function writeImports(sql: StatementCache, indexed: IndexedFile): void {
  const insert = sql.get('INSERT INTO imports (from_path, specifier, names, line, kind) VALUES (?, ?, ?, ?, ?)');
  for (const entry of indexed.imports) {
    const id = insert.run(entry.fromPath, entry.specifier, JSON.stringify(entry.names), entry.line, entry.kind).lastInsertRowid;
    insertTargets(sql, Number(id), entry.fromPath, entry.toPaths);
  }
}

export function insertTargets(sql: StatementCache, importId: number, fromPath: string, toPaths: readonly string[]): void {
  const insert = sql.get('INSERT INTO import_targets (import_id, ord, from_path, to_path) VALUES (?, ?, ?, ?)');
  // A specifier resolving to the same file twice is one target.
  [...new Set(toPaths)].forEach((toPath, ord) => insert.run(importId, ord, fromPath, toPath));
}

/**
 * One list row per file (none without references) and its distinct names. The names go
 * in one single-row INSERT each, not one INSERT ... SELECT FROM json_each: a statement
 * that may write several rows opens a statement savepoint, and at every savepoint FTS5
 * flushes its pending terms to disk as a new segment (measured on sympy: +0.75 s of
 * CPU for the same 50k rows, most of it in the segment merges that follow).
 */
function writeRawReferences(sql: StatementCache, indexed: IndexedFile): void {
  if (indexed.rawReferences.length === 0) return;
  const path = indexed.file.path;
  const list = encodeRawRefs(indexed.rawReferences);
  sql.run('INSERT INTO raw_ref_lists (from_path, refs) VALUES (?, ?)', path, list.text);
  const insertName = sql.get('INSERT INTO raw_ref_names (name, from_path) VALUES (?, ?)');
  for (const name of list.names) insertName.run(name, path);
}

function writeDocChunks(sql: StatementCache, search: SearchableText, indexed: IndexedFile): void {
  const insert = sql.get(
    'INSERT INTO doc_chunks (id, path, heading_path, text, start_line, end_line) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertFts = sql.get('INSERT INTO docs_fts (rowid, heading, body, path) VALUES (?, ?, ?, ?)');
  indexed.docChunks.forEach((chunk, at) => {
    const rowid = insert.run(chunk.id, chunk.path, JSON.stringify(chunk.headingPath), chunk.text, chunk.startLine, chunk.endLine)
      .lastInsertRowid;
    const text = search.docChunks[at];
    if (!text) throw internalError(`search text of ${indexed.file.path} has no entry for chunk ${chunk.id}`);
    insertFts.run(rowid, text.heading, text.body, search.path);
  });
}
