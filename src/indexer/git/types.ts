// What git history mining hands to the indexer.

import type { CoChangePair } from '../../core/entities.js';

export interface GitCommit {
  sha: string;
  /** Committer time, unix seconds. */
  time: number;
  subject: string;
  body: string;
  /** Files the commit touched, under their names at HEAD (renames followed), root-relative. */
  files: string[];
}

export interface FileHistory {
  /** Unix seconds of the newest commit touching the file. */
  lastCommitAt: number;
  commitCount: number;
}

export interface GitHistory {
  /** HEAD commit, null in a repository without commits. */
  head: string | null;
  /** Newest first; merges left out. */
  commits: GitCommit[];
  /** Sorted by a, then b; a < b; only from commits touching ≤ maxFilesPerCommit files. */
  coChange: CoChangePair[];
  fileHistory: Map<string, FileHistory>;
  /**
   * What the history leaves out and why, in one line (a shallow or partial clone, objects
   * git could not read); null when everything from HEAD back to maxCommits was mined.
   */
  skipped: string | null;
}

export interface GitHistoryOptions {
  /** Non-merge commits to read back from HEAD; 0 reads none. */
  maxCommits: number;
  /** Commits touching more files than this do not count for co-change. */
  maxFilesPerCommit: number;
}
