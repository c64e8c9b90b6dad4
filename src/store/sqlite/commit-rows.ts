// The mined history in index.db: commits, replaced wholesale when HEAD moves and searched
// by message for the ranker's "similar past changes" signal, and co-change pairs. Each
// commit keeps every file it touched, indexed or not, so a file added later gets its
// history from here.

import type { CoChangePair, CommitRecord } from '../../core/entities.js';
import type { CommitHit } from '../curated.js';
import { matchExpression } from './fts-tables.js';
import type { SearchTextEncoder } from '../../core/search-text.js';
import { jsonList, type StatementCache } from './statements.js';

export function replaceCommits(sql: StatementCache, fts: SearchTextEncoder, commits: CommitRecord[]): void {
  sql.run("INSERT INTO commits_fts (commits_fts) VALUES ('delete-all')");
  sql.run('DELETE FROM commit_files');
  sql.run('DELETE FROM commits');
  const insertCommit = sql.get('INSERT INTO commits (sha, time, message) VALUES (?, ?, ?)');
  const insertText = sql.get('INSERT INTO commits_fts (rowid, message) VALUES (?, ?)');
  const insertFile = sql.get('INSERT OR IGNORE INTO commit_files (commit_id, path) VALUES (?, ?)');
  for (const commit of commits) {
    const id = Number(insertCommit.run(commit.sha, commit.time, commit.message).lastInsertRowid);
    insertText.run(id, fts.text(commit.message));
    for (const path of commit.files) insertFile.run(id, path);
  }
}

export function searchCommits(sql: StatementCache, terms: string[], limit: number): CommitHit[] {
  const match = matchExpression(terms);
  if (match === null || limit <= 0) return [];
  const rows = sql.all<{ id: number; sha: string; time: number; rank: number }>(
    `SELECT c.id, c.sha, c.time, bm25(commits_fts) AS rank
       FROM commits_fts JOIN commits c ON c.id = commits_fts.rowid
      WHERE commits_fts MATCH ? ORDER BY rank LIMIT ?`,
    match,
    limit,
  );
  return rows.map((row) => ({
    sha: row.sha,
    time: row.time,
    score: -row.rank,
    // The history keeps files since deleted or never indexed; a hit names the indexed ones.
    files: sql.column<string>('SELECT path FROM commit_files WHERE commit_id = ? AND path IN (SELECT path FROM files) ORDER BY path', row.id),
  }));
}

export function commitsTouching(sql: StatementCache, paths: string[]): { time: number; files: string[] }[] {
  if (paths.length === 0) return [];
  const rows = sql.all<{ id: number; time: number; path: string }>(
    `SELECT c.id, c.time, f.path FROM commits c JOIN commit_files f ON f.commit_id = c.id
      WHERE c.id IN (SELECT commit_id FROM commit_files WHERE path IN (SELECT value FROM json_each(?)))
      ORDER BY c.id, f.path`,
    jsonList(paths),
  );
  const commits: { time: number; files: string[] }[] = [];
  let last = -1;
  for (const row of rows) {
    if (row.id !== last) commits.push({ time: row.time, files: [] });
    commits[commits.length - 1]!.files.push(row.path);
    last = row.id;
  }
  return commits;
}

/** Stores pairs once with a < b (a later count replaces an earlier one); a file paired with itself is skipped. */
export function upsertPairs(sql: StatementCache, pairs: readonly CoChangePair[]): void {
  const insert = sql.get('INSERT INTO cochange (a, b, count) VALUES (?, ?, ?) ON CONFLICT (a, b) DO UPDATE SET count = excluded.count');
  for (const pair of pairs) {
    if (pair.a === pair.b) continue;
    const [a, b] = pair.a < pair.b ? [pair.a, pair.b] : [pair.b, pair.a];
    insert.run(a, b, pair.count);
  }
}
