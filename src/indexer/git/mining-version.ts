/**
 * Bumped when git mining stores more or differently (v2: commit messages; v3: commit_files
 * keeps every path, so files added later get their history from the index; v4: the note
 * of what a clone's history lacks, and a shallow clone's boundary commits left out):
 * older indexes are re-mined once.
 */
export const GIT_MINING_VERSION = '4';

/**
 * What the stored history was mined with: the version and the settings that shape it. A
 * change of either (or of HEAD) re-mines, so the history never depends on which settings
 * an earlier run had.
 */
export function miningStamp(options: { maxCommits: number; maxFilesPerCommit: number }): string {
  return `${GIT_MINING_VERSION}:${options.maxCommits}:${options.maxFilesPerCommit}`;
}
