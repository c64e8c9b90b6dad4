// The port through which retrieval reads what commits changed inside a range of lines (the
// historical section's diffs); the git adapter (indexer/git/line-changes.ts) implements it.

export interface RangeRequest {
  /** Repository-relative path. */
  path: string;
  /** 1-based, inclusive, in the file as it is on disk. */
  startLine: number;
  endLine: number;
  /** The commits to read (full hashes, e.g. those the section lists for the file); others are not looked at. */
  commits: readonly string[];
}

/** One commit's change inside the range. */
export interface RangeChange {
  /** Full commit hash. */
  sha: string;
  /** The `-U0` hunks of the commit's diff of the file that fall inside the range, each as git printed it. */
  hunks: string[];
  /** Lines added inside the range, plus the lines those hunks removed. */
  changedLines: number;
  /** False when a hunk also reaches outside the range (e.g. the commit that created the file). */
  withinRange: boolean;
}

export interface LineHistoryReader {
  /**
   * The changes of the requested commits inside the range, in the order asked; a commit that
   * did not change the range is left out. Empty when the history cannot be read (no git,
   * the file changed since HEAD).
   */
  changesIn(request: RangeRequest): Promise<RangeChange[]>;
}
