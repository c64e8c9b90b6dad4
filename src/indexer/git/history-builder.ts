// Turns parsed commits (newest first) into the history the indexer stores: renames
// followed to the file's name at HEAD, per-file last-commit time and commit count, and
// co-change pairs.

import { CoChangeCounter } from './cochange.js';
import type { ParsedCommit } from './log-parser.js';
import type { FileHistory, GitCommit, GitHistory } from './types.js';

/** A commit's files change together when there are at least two and at most `maxFilesPerCommit`. */
export function countsForCoChange(files: number, maxFilesPerCommit: number): boolean {
  return files >= 2 && files <= maxFilesPerCommit;
}

export class HistoryBuilder {
  private readonly commits: GitCommit[] = [];
  private readonly fileHistory = new Map<string, FileHistory>();
  private readonly coChange = new CoChangeCounter();
  /** Older name → name at HEAD, learnt from renames in newer commits. */
  private readonly renamedTo = new Map<string, string>();

  constructor(private readonly maxFilesPerCommit: number) {}

  /** Commits must arrive newest first, so a rename is seen before older uses of the old name. */
  add(commit: ParsedCommit): void {
    const files: string[] = [];
    for (const change of commit.changes) {
      const current = this.renamedTo.get(change.path) ?? change.path;
      if (change.status === 'R' && change.fromPath !== undefined) this.renamedTo.set(change.fromPath, current);
      files.push(current);
    }
    const unique = [...new Set(files)].sort();
    this.commits.push({ sha: commit.sha, time: commit.time, subject: commit.subject, body: commit.body, files: unique });
    // Large commits still count for a file's history (they did touch it) but not for co-change.
    for (const file of unique) this.touch(file, commit.time);
    if (countsForCoChange(unique.length, this.maxFilesPerCommit)) this.coChange.addCommit(unique);
  }

  result(head: string): Omit<GitHistory, 'skipped'> {
    return { head, commits: this.commits, coChange: this.coChange.pairs(), fileHistory: this.fileHistory };
  }

  private touch(file: string, time: number): void {
    const seen = this.fileHistory.get(file);
    if (seen) {
      seen.commitCount += 1;
      seen.lastCommitAt = Math.max(seen.lastCommitAt, time);
    } else {
      this.fileHistory.set(file, { lastCommitAt: time, commitCount: 1 });
    }
  }
}
