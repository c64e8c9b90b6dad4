// CuratedReader over index.db. Used read-only by search, retrieval and the faces, and as
// the base of the writer (which reads through the same connection).

import { parseEntityKey } from '../../core/entities.js';
import type { FileMetadata } from '../../core/file-meta.js';
import type {
  CoChangePair,
  DocChunk,
  DocLink,
  EntityKey,
  FileRecord,
  ImportRecord,
  ReferenceEdge,
  SymbolKind,
  SymbolRecord,
} from '../../core/entities.js';
import type {
  CommitHit,
  FileCommit,
  CuratedReader,
  FileFilter,
  FileReferenceCount,
  IndexState,
  IndexStats,
  SearchTarget,
  TermStats,
  TextHit,
  TextQuery,
} from '../curated.js';
import type { Db } from './connection.js';
import { fileFilterSql } from './file-filter.js';
import { searchCommits } from './commit-rows.js';
import { readFileCommits, readFileMeta } from './file-meta-rows.js';
import { searchText } from './fts-search.js';
import { schemaVersion } from './migrations.js';
import {
  chunkFromRow,
  edgeFromRow,
  FILE_COLUMNS,
  fileFromRow,
  IMPORT_SELECT,
  importFromRow,
  linkFromRow,
  FILE_SYMBOL_COLUMNS,
  symbolFromTuple,
  type FileSymbolTuple,
  type ChunkRow,
  type EdgeRow,
  type FileRow,
  type ImportRow,
  type LinkRow,
} from './rows.js';
import { jsonList, StatementCache } from './statements.js';
import { checkPages } from './store-damage.js';
import { cachedRowCounts } from './row-counts.js';
import { indexContentVersion, TermStatistics } from './term-stats.js';

/** meta key of the cached row counts; every writer method that adds or removes rows deletes it. */
export const ROW_COUNTS_META = 'rowCounts';

export type RowCounts = Omit<IndexStats, 'schemaVersion' | 'state' | 'indexedAt' | 'gitHead'>;

const EDGE_SELECT = 'SELECT from_key, from_path, to_key, to_path, kind, count, confidence FROM refs';
const EDGE_ORDER = 'ORDER BY from_key, to_key, kind';
const LINK_SELECT = 'SELECT chunk_id, from_path, to_path, to_key, mention FROM doc_links';
const CHUNK_SELECT = 'SELECT id, path, heading_path, text, start_line, end_line FROM doc_chunks';

/** A key names a symbol when it carries the "::" separator; otherwise it is a file path. */
function isSymbolKey(keyOrPath: string): boolean {
  return parseEntityKey(keyOrPath).qualifiedName !== null;
}

export class SqliteCuratedReader implements CuratedReader {
  protected readonly sql: StatementCache;
  private readonly terms: TermStatistics;

  constructor(protected readonly db: Db) {
    this.sql = new StatementCache(db);
    this.terms = new TermStatistics(this.sql);
  }

  stats(): IndexStats {
    const indexedAt = this.meta('indexedAt');
    return {
      schemaVersion: schemaVersion(this.db),
      state: (this.meta('state') as IndexState | null) ?? 'empty',
      ...this.rowCounts(),
      indexedAt: indexedAt === null ? null : Number(indexedAt),
      gitHead: this.meta('gitHead'),
    };
  }

  /**
   * Row counts, from the copy the writer keeps in meta while nothing has changed: counting
   * the large tables costs ~50 ms on a sympy-sized index, which a no-change refresh (the
   * step before every search) should not pay.
   */
  protected rowCounts(): RowCounts {
    return cachedRowCounts(this.meta(ROW_COUNTS_META)) ?? this.countRows();
  }

  protected countRows(): RowCounts {
    const count = (table: string): number => this.sql.value<number>(`SELECT count(*) FROM ${table}`) ?? 0;
    const byLanguage = this.sql.all<{ language: string; n: number }>(
      'SELECT language, count(*) AS n FROM files GROUP BY language ORDER BY language',
    );
    return {
      files: count('files'),
      symbols: count('symbols'),
      imports: count('imports'),
      references: count('refs'),
      docChunks: count('doc_chunks'),
      docLinks: count('doc_links'),
      coChangePairs: count('cochange'),
      commits: count('commits'),
      filesByLanguage: Object.fromEntries(byLanguage.map((row) => [row.language, row.n])),
    };
  }

  contentVersion(): string {
    return indexContentVersion(this.sql);
  }

  /** A plain connection (the writer's) always reads the newest state: there is nothing to move to. */
  latest(): boolean {
    return false;
  }

  meta(key: string): string | null {
    return this.sql.value<string>('SELECT value FROM meta WHERE key = ?', key) ?? null;
  }

  file(path: string): FileRecord | null {
    const row = this.sql.one<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE path = ?`, path);
    return row === undefined ? null : fileFromRow(row);
  }

  files(filter?: FileFilter): FileRecord[] {
    const where = fileFilterSql(filter, 'f');
    return this.sql
      .all<FileRow>(`SELECT ${FILE_COLUMNS} FROM files f WHERE 1 = 1${where.sql} ORDER BY path`, ...where.params)
      .map(fileFromRow);
  }

  filePaths(): string[] {
    return this.sql.column<string>('SELECT path FROM files ORDER BY path');
  }

  symbolsOfFile(path: string): SymbolRecord[] {
    return this.sql
      .tuples<FileSymbolTuple>(`SELECT ${FILE_SYMBOL_COLUMNS} FROM symbols WHERE path = ? ORDER BY id`, path)
      .map((row) => symbolFromTuple(path, row));
  }

  symbol(key: EntityKey): SymbolRecord | null {
    return this.symbols('WHERE key = ?', key)[0] ?? null;
  }

  symbolsByName(name: string, kinds?: SymbolKind[]): SymbolRecord[] {
    // The NOCASE comparison lets SQLite use the one name index; the plain one makes it exact.
    // Numbered parameters (?1) bind only from an object in better-sqlite3 ({ 1: value }).
    const byName = 'WHERE name = ? COLLATE NOCASE AND name = ?';
    if (kinds === undefined || kinds.length === 0) return this.symbols(`${byName} ORDER BY key`, name, name);
    return this.symbols(`${byName} AND kind IN (SELECT value FROM json_each(?)) ORDER BY key`, name, name, jsonList(kinds));
  }

  symbolsByNameInsensitive(name: string): SymbolRecord[] {
    return this.symbols('WHERE name = ? COLLATE NOCASE ORDER BY key', name);
  }

  allSymbols(): SymbolRecord[] {
    return this.symbols('ORDER BY key');
  }

  /** Symbols as arrays, the path last (see FILE_SYMBOL_COLUMNS: the link phase reads all 41k of sympy's). */
  private symbols(clause: string, ...params: unknown[]): SymbolRecord[] {
    return this.sql
      .tuples<[...FileSymbolTuple, string]>(`SELECT ${FILE_SYMBOL_COLUMNS}, path FROM symbols ${clause}`, ...params)
      .map((row) => symbolFromTuple(row[14], row));
  }

  importsOf(path: string): ImportRecord[] {
    return this.sql.all<ImportRow>(`${IMPORT_SELECT} WHERE i.from_path = ? ORDER BY i.id`, path).map(importFromRow);
  }

  allImports(): ImportRecord[] {
    return this.sql.all<ImportRow>(`${IMPORT_SELECT} ORDER BY i.from_path, i.id`).map(importFromRow);
  }

  importedBy(path: string): ImportRecord[] {
    return this.sql
      .all<ImportRow>(
        `${IMPORT_SELECT} WHERE i.id IN (SELECT import_id FROM import_targets WHERE to_path = ?) ORDER BY i.from_path, i.id`,
        path,
      )
      .map(importFromRow);
  }

  referencesFrom(keyOrPath: string): ReferenceEdge[] {
    return this.edgesAt('from', keyOrPath);
  }

  referencesTo(keyOrPath: string): ReferenceEdge[] {
    return this.edgesAt('to', keyOrPath);
  }

  /** Edges at one end: by path alone, or path and key (the key's path leads both indexes). */
  private edgesAt(end: 'from' | 'to', keyOrPath: string): ReferenceEdge[] {
    const { path, qualifiedName } = parseEntityKey(keyOrPath);
    const rows =
      qualifiedName === null
        ? this.sql.all<EdgeRow>(`${EDGE_SELECT} WHERE ${end}_path = ? ${EDGE_ORDER}`, path)
        : this.sql.all<EdgeRow>(`${EDGE_SELECT} WHERE ${end}_path = ? AND ${end}_key = ? ${EDGE_ORDER}`, path, keyOrPath);
    return rows.map(edgeFromRow);
  }

  /** Files this file's code refers to, by number of uses; references within the file are left out. */
  fileReferencesFrom(path: string): FileReferenceCount[] {
    return this.sql.all<FileReferenceCount>(
      `SELECT to_path AS path, sum(count) AS count FROM refs WHERE from_path = ?1 AND to_path <> ?1
       GROUP BY to_path ORDER BY count DESC, path`,
      { 1: path },
    );
  }

  /** Files whose code refers to this file, by number of uses; references within the file are left out. */
  fileReferencesTo(path: string): FileReferenceCount[] {
    return this.sql.all<FileReferenceCount>(
      `SELECT from_path AS path, sum(count) AS count FROM refs WHERE to_path = ?1 AND from_path <> ?1
       GROUP BY from_path ORDER BY count DESC, path`,
      { 1: path },
    );
  }

  /** Pairs oriented from the asked file: `a` is `path`, `b` the neighbour; most shared commits first. */
  coChangeNeighbours(path: string, minCount = 1): CoChangePair[] {
    return this.sql.all<CoChangePair>(
      `SELECT ?1 AS a, b, count FROM cochange WHERE a = ?1 AND count >= ?2
       UNION ALL SELECT ?1 AS a, a AS b, count FROM cochange WHERE b = ?1 AND count >= ?2
       ORDER BY count DESC, b`,
      { 1: path, 2: minCount },
    );
  }

  commitsOfFile(path: string, limit: number): FileCommit[] {
    return readFileCommits(this.sql, path, limit);
  }

  fileMeta(path: string): FileMetadata | null {
    return readFileMeta(this.sql, this.sql.one<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE path = ?`, path));
  }

  docChunks(path?: string): DocChunk[] {
    const rows =
      path === undefined
        ? this.sql.all<ChunkRow>(`${CHUNK_SELECT} ORDER BY path, start_line, rowid`)
        : this.sql.all<ChunkRow>(`${CHUNK_SELECT} WHERE path = ? ORDER BY start_line, rowid`, path);
    return rows.map(chunkFromRow);
  }

  docChunk(id: string): DocChunk | null {
    const row = this.sql.one<ChunkRow>(`${CHUNK_SELECT} WHERE id = ?`, id);
    return row === undefined ? null : chunkFromRow(row);
  }

  docLinksFrom(chunkId: string): DocLink[] {
    return this.sql.all<LinkRow>(`${LINK_SELECT} WHERE chunk_id = ? ORDER BY rowid`, chunkId).map(linkFromRow);
  }

  /** Links to a symbol (key) or to a file (path, whether or not a symbol of it was named). */
  docLinksTo(pathOrKey: string): DocLink[] {
    const column = isSymbolKey(pathOrKey) ? 'to_key' : 'to_path';
    return this.sql
      .all<LinkRow>(`${LINK_SELECT} WHERE ${column} = ? ORDER BY from_path, chunk_id, rowid`, pathOrKey)
      .map(linkFromRow);
  }

  search(query: TextQuery): TextHit[] {
    return searchText(this.sql, this.terms, query);
  }

  searchCommits(terms: string[], limit: number): CommitHit[] {
    return searchCommits(this.sql, terms, limit);
  }

  termStats(target: SearchTarget, terms: string[]): TermStats {
    return this.terms.stats(target, terms);
  }

  checkIntegrity(depth: 'quick' | 'full'): void {
    checkPages(this.db, depth);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
