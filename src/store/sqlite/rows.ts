// Row shapes of the curated index and their mapping to the shared entities. Column lists
// and mappers sit side by side so that a new column is added in one place.

import type {
  DocChunk,
  DocLink,
  ExtractionMethod,
  FileKind,
  FileRecord,
  ImportKind,
  ImportRecord,
  Language,
  RawReference,
  ReferenceEdge,
  ReferenceKind,
  SymbolKind,
  SymbolRecord,
} from '../../core/entities.js';
import { parseStoredJson } from './store-damage.js';

export const FILE_COLUMNS =
  'path, language, kind, size, mtime_ms, hash, lines, method, parse_note, is_test, is_example, is_vendored, is_generated, last_commit_at, commit_count';

export interface FileRow {
  path: string;
  language: string;
  kind: string;
  size: number;
  mtime_ms: number;
  hash: string;
  lines: number;
  method: string;
  parse_note: string | null;
  is_test: number;
  is_example: number;
  is_vendored: number;
  is_generated: number;
  last_commit_at: number | null;
  commit_count: number;
}

export function fileFromRow(row: FileRow): FileRecord {
  return {
    path: row.path,
    language: row.language as Language,
    kind: row.kind as FileKind,
    size: row.size,
    mtimeMs: row.mtime_ms,
    hash: row.hash,
    lines: row.lines,
    method: row.method as ExtractionMethod,
    parseNote: row.parse_note,
    isTest: row.is_test === 1,
    isExample: row.is_example === 1,
    isVendored: row.is_vendored === 1,
    isGenerated: row.is_generated === 1,
    lastCommitAt: row.last_commit_at,
    commitCount: row.commit_count,
  };
}

/** Parameters in FILE_COLUMNS order. */
export function fileParams(file: FileRecord): unknown[] {
  return [
    file.path,
    file.language,
    file.kind,
    file.size,
    file.mtimeMs,
    file.hash,
    file.lines,
    file.method,
    file.parseNote,
    file.isTest ? 1 : 0,
    file.isExample ? 1 : 0,
    file.isVendored ? 1 : 0,
    file.isGenerated ? 1 : 0,
    file.lastCommitAt,
    file.commitCount,
  ];
}

export const SYMBOL_COLUMNS =
  'key, path, name, qualified_name, kind, signature, doc, start_byte, end_byte, start_line, end_line, parent, exported, method, signature_end_line';

/**
 * The columns of a file's symbols read as arrays (better-sqlite3's raw mode) and without
 * the path, which the caller already has: building a 14-property object per row, and a
 * fresh copy of the same path string, was most of the cost of reading a file's symbols
 * (~7 µs a row on sympy; retrieval reads thousands per run).
 */
export const FILE_SYMBOL_COLUMNS =
  'key, name, qualified_name, kind, signature, doc, start_byte, end_byte, start_line, end_line, parent, exported, method, signature_end_line';

export type FileSymbolTuple = [
  key: string,
  name: string,
  qualifiedName: string,
  kind: string,
  signature: string,
  doc: string | null,
  startByte: number,
  endByte: number,
  startLine: number,
  endLine: number,
  parent: string | null,
  exported: number,
  method: string,
  signatureEndLine: number,
];

export function symbolFromTuple(path: string, row: FileSymbolTuple | [...FileSymbolTuple, string]): SymbolRecord {
  return {
    key: row[0],
    path,
    name: row[1],
    qualifiedName: row[2],
    kind: row[3] as SymbolKind,
    signature: row[4],
    doc: row[5],
    startByte: row[6],
    endByte: row[7],
    startLine: row[8],
    endLine: row[9],
    parent: row[10],
    exported: row[11] === 1,
    method: row[12] as ExtractionMethod,
    // 0 in a row written before the column existed (re-extracted by the next index run).
    signatureEndLine: row[13] > 0 ? row[13] : row[8],
  };
}

/** Parameters in SYMBOL_COLUMNS order. */
export function symbolParams(symbol: SymbolRecord): unknown[] {
  return [
    symbol.key,
    symbol.path,
    symbol.name,
    symbol.qualifiedName,
    symbol.kind,
    symbol.signature,
    symbol.doc,
    symbol.startByte,
    symbol.endByte,
    symbol.startLine,
    symbol.endLine,
    symbol.parent,
    symbol.exported ? 1 : 0,
    symbol.method,
    symbol.signatureEndLine,
  ];
}

/** An import with its targets gathered into a JSON array, in target order. */
export const IMPORT_SELECT = `SELECT i.from_path, i.specifier, i.names, i.line, i.kind,
  (SELECT json_group_array(to_path) FROM (SELECT t.to_path FROM import_targets t WHERE t.import_id = i.id ORDER BY t.ord)) AS to_paths
  FROM imports i`;

export interface ImportRow {
  from_path: string;
  specifier: string;
  names: string;
  line: number;
  kind: string;
  to_paths: string;
}

export function importFromRow(row: ImportRow): ImportRecord {
  return {
    fromPath: row.from_path,
    specifier: row.specifier,
    names: parseStoredJson<string[]>(row.names, `imports.names of ${row.from_path}`),
    line: row.line,
    kind: row.kind as ImportKind,
    toPaths: parseStoredJson<string[]>(row.to_paths, `import targets of ${row.from_path}`),
  };
}

/**
 * A file's raw references as one JSON text (a file has ~70 on average, and one row per
 * reference made them the most written rows of an index): `[keys, names, uses]`, where
 * `keys` and `names` are the distinct enclosing keys and names of the file, and `uses`
 * holds five values per reference in extraction order — key index, name index,
 * qualifier, kind, line. The name list doubles as the file's entries of `raw_ref_names`
 * (SQL reads it as `json_each(refs, '$[1]')`). Dictionary order does not matter to the
 * decoder (the migration that builds these lists sorts them).
 */
export type RawRefList = [keys: string[], names: string[], uses: (string | number | null)[]];

const USE_WIDTH = 5;

/** A file's list as stored, and its distinct names (the `raw_ref_names` rows). */
export function encodeRawRefs(refs: readonly RawReference[]): { text: string; names: string[] } {
  const keys = new Map<string, number>();
  const names = new Map<string, number>();
  const uses: (string | number | null)[] = [];
  for (const ref of refs) {
    let key = keys.get(ref.fromKey);
    if (key === undefined) keys.set(ref.fromKey, (key = keys.size));
    let name = names.get(ref.name);
    if (name === undefined) names.set(ref.name, (name = names.size));
    uses.push(key, name, ref.qualifier, ref.kind, ref.line);
  }
  const distinctNames = [...names.keys()];
  return { text: JSON.stringify([[...keys.keys()], distinctNames, uses] satisfies RawRefList), names: distinctNames };
}

/** Decodes one file's list; with `only`, just the references whose name is in it. */
export function decodeRawRefs(fromPath: string, text: string, out: RawReference[], only?: ReadonlySet<string>): void {
  const [keys, names, uses] = parseStoredJson<RawRefList>(text, `raw_ref_lists.refs of ${fromPath}`);
  const wanted = only === undefined ? null : names.map((name) => only.has(name));
  for (let at = 0; at < uses.length; at += USE_WIDTH) {
    const name = uses[at + 1] as number;
    if (wanted !== null && !wanted[name]) continue;
    out.push({
      fromPath,
      fromKey: keys[uses[at] as number]!,
      name: names[name]!,
      qualifier: uses[at + 2] as string | null,
      kind: uses[at + 3] as ReferenceKind,
      line: uses[at + 4] as number,
    });
  }
}

export interface EdgeRow {
  from_key: string;
  from_path: string;
  to_key: string;
  to_path: string;
  kind: string;
  count: number;
  confidence: number;
}

export function edgeFromRow(row: EdgeRow): ReferenceEdge {
  return {
    fromKey: row.from_key,
    fromPath: row.from_path,
    toKey: row.to_key,
    toPath: row.to_path,
    kind: row.kind as ReferenceKind,
    count: row.count,
    confidence: row.confidence,
  };
}

export interface ChunkRow {
  id: string;
  path: string;
  heading_path: string;
  text: string;
  start_line: number;
  end_line: number;
}

export function chunkFromRow(row: ChunkRow): DocChunk {
  return {
    id: row.id,
    path: row.path,
    headingPath: parseStoredJson<string[]>(row.heading_path, `doc_chunks.heading_path of ${row.id}`),
    text: row.text,
    startLine: row.start_line,
    endLine: row.end_line,
  };
}

export interface LinkRow {
  chunk_id: string;
  from_path: string;
  to_path: string;
  to_key: string | null;
  mention: string;
}

export function linkFromRow(row: LinkRow): DocLink {
  return { chunkId: row.chunk_id, fromPath: row.from_path, toPath: row.to_path, toKey: row.to_key, mention: row.mention };
}
