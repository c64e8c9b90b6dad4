// File metadata and per-file history as the reader hands them out: the stored metadata
// row joined with the file's facts and the test files whose imports resolve to it, and the
// mined commits that touched a file, newest first.

import type { FileMetadata } from '../../core/file-meta.js';
import type { FileCommit } from '../curated.js';
import { fileFromRow, type FileRow } from './rows.js';
import { parseStoredJson } from './store-damage.js';
import type { StatementCache } from './statements.js';

interface MetaRow {
  module: string;
  domain: string | null;
  doc: string | null;
  top_level: string;
}

export function readFileMeta(sql: StatementCache, fileRow: FileRow | undefined): FileMetadata | null {
  if (fileRow === undefined) return null;
  const row = sql.one<MetaRow>('SELECT module, domain, doc, top_level FROM file_meta WHERE path = ?', fileRow.path);
  if (row === undefined) return null;
  const file = fileFromRow(fileRow);
  const tests = sql.column<string>(
    `SELECT DISTINCT t.from_path FROM import_targets t JOIN files f ON f.path = t.from_path
      WHERE t.to_path = ?1 AND f.is_test = 1 AND t.from_path <> ?1 ORDER BY t.from_path`,
    { 1: file.path },
  );
  return {
    path: file.path,
    module: row.module,
    domain: row.domain,
    doc: row.doc,
    topLevel: parseStoredJson<string[]>(row.top_level, 'file_meta.top_level'),
    language: file.language,
    kind: file.kind,
    size: file.size,
    lines: file.lines,
    isTest: file.isTest,
    tests,
    lastCommitAt: file.lastCommitAt,
    commitCount: file.commitCount,
  };
}

export function readFileCommits(sql: StatementCache, path: string, limit: number): FileCommit[] {
  if (limit <= 0) return [];
  const rows = sql.all<{ sha: string; time: number; message: string; files: number }>(
    `SELECT c.sha, c.time, c.message, (SELECT count(*) FROM commit_files a WHERE a.commit_id = c.id) AS files
       FROM commit_files f JOIN commits c ON c.id = f.commit_id
      WHERE f.path = ? ORDER BY c.time DESC, c.id LIMIT ?`,
    path,
    Math.floor(limit),
  );
  return rows.map((row) => ({ sha: row.sha, time: row.time, subject: firstLine(row.message), files: row.files }));
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return (end < 0 ? message : message.slice(0, end)).trim();
}
