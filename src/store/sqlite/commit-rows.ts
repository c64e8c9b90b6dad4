// The mined commit history in index.db: replaced wholesale when HEAD moves, searched by
// message for the ranker's "similar past changes" signal.

import type { CommitRecord } from '../../core/entities.js';
import type { CommitHit } from '../curated.js';
import { matchExpression } from './fts-tables.js';
import type { SearchTextEncoder } from '../../core/search-text.js';
import type { StatementCache } from './statements.js';

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
    files: sql.column<string>('SELECT path FROM commit_files WHERE commit_id = ? ORDER BY path', row.id),
  }));
}
