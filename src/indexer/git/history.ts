// Mines the history reachable from HEAD with one streamed `git log`: renames followed
// (-M, mapped to names at HEAD), merges skipped, paths relative to `root` even when it is
// a subfolder of the work tree (--relative with pathspec "." keeps only files below it).
//
// Clones as people have them are mined as far as they can be read: a partial clone is
// read without rename detection (it would need old file contents the clone lacks), a
// shallow clone's boundary commits are left out (their "diff" is the whole tree), and
// when git cannot read an object the log is read again without renames, else kept up to
// where git stopped. What was left out is said in `GitHistory.skipped`.

import { HistoryBuilder } from './history-builder.js';
import { cloneShape, type CloneShape } from './clone-shape.js';
import { GitLogParser, LOG_FORMAT, type ParsedCommit } from './log-parser.js';
import { headCommit, isInsideWorkTree } from './repository.js';
import { streamGit, type GitRun } from './run-git.js';
import type { GitHistory, GitHistoryOptions } from './types.js';

/** One `git log` read: the commits it completed, and git's failure if it stopped early. */
interface LogRead {
  commits: ParsedCommit[];
  failure: GitRun | null;
  renames: boolean;
}

/**
 * null when `root` is not in a git work tree or git is not installed; a history with head
 * null in a repository without commits. Never fails on history git cannot read: that part
 * is left out and named in `skipped`.
 */
export async function readGitHistory(root: string, options: GitHistoryOptions): Promise<GitHistory | null> {
  if (!(await isInsideWorkTree(root))) return null;
  const head = await headCommit(root);
  if (head === null || options.maxCommits <= 0) return { head, commits: [], coChange: [], fileHistory: new Map(), skipped: null };
  const shape = await cloneShape(root);
  const first = await readLog(root, head, options, !shape.partial);
  let read = first;
  // Rename detection reads file contents; without it only commits and trees are needed.
  if (first.failure !== null && first.renames) {
    const plain = await readLog(root, head, options, false);
    if (plain.failure === null || plain.commits.length > first.commits.length) read = plain;
  }
  const builder = new HistoryBuilder(options.maxFilesPerCommit);
  const kept = read.commits.filter((commit) => !shape.shallowBoundary.has(commit.sha));
  for (const commit of kept) builder.add(commit);
  return { ...builder.result(head), skipped: describeSkipped(read, shape, kept.length, first.failure) };
}

async function readLog(root: string, head: string, options: GitHistoryOptions, renames: boolean): Promise<LogRead> {
  const parser = new GitLogParser();
  const commits: ParsedCommit[] = [];
  const args = [
    'log',
    head,
    '--no-merges',
    `--max-count=${Math.floor(options.maxCommits)}`,
    renames ? '-M' : '--no-renames',
    '--name-status',
    '-z',
    '--relative',
    '--no-color',
    LOG_FORMAT,
    '--',
    '.',
  ];
  const run = await streamGit(root, args, (text) => {
    for (const commit of parser.feed(text)) commits.push(commit);
  });
  // git prints a commit only once its diff is computed (which is where reading an object
  // fails), so even after a failure every commit in the output is whole.
  commits.push(...parser.end());
  return { commits, failure: run.code === 0 ? null : run, renames };
}

/** One line: what is missing, then (when git failed) the first line git gave as the reason. */
function describeSkipped(read: LogRead, shape: CloneShape, mined: number, failure: GitRun | null): string | null {
  const parts: string[] = [];
  if (shape.shallowBoundary.size > 0) {
    parts.push(`shallow clone: history mined back to the clone's depth only (${mined} commits)`);
  }
  if (!read.renames) {
    parts.push(shape.partial ? 'partial clone: renames in the history not followed (old file contents are not in the clone)' : 'renames in the history not followed');
  }
  if (read.failure !== null) {
    const oldest = read.commits.at(-1);
    parts.push(oldest ? `history older than commit ${oldest.sha.slice(0, 12)} skipped` : 'no history mined');
  }
  if (parts.length === 0) return null;
  const cause = failure === null ? '' : ` (git: ${firstLine(failure)})`;
  return `${parts.join('; ')}${cause}`;
}

function firstLine(run: GitRun): string {
  const line = run.stderr.split('\n').map((text) => text.trim()).find((text) => text !== '');
  return line ?? `git exited with ${String(run.code)}`;
}
