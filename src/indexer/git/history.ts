// Mines the history reachable from HEAD with one streamed `git log`: renames followed
// (-M, mapped to names at HEAD), merges skipped, paths relative to `root` even when it is
// a subfolder of the work tree (--relative with pathspec "." keeps only files below it).

import { InputError } from '../../core/errors.js';
import { HistoryBuilder } from './history-builder.js';
import { GitLogParser, LOG_FORMAT } from './log-parser.js';
import { headCommit, isInsideWorkTree } from './repository.js';
import { streamGit } from './run-git.js';
import type { GitHistory, GitHistoryOptions } from './types.js';

/**
 * null when `root` is not in a git work tree or git is not installed; a history with head
 * null in a repository without commits. Throws InputError when `git log` itself fails.
 */
export async function readGitHistory(root: string, options: GitHistoryOptions): Promise<GitHistory | null> {
  if (!(await isInsideWorkTree(root))) return null;
  const head = await headCommit(root);
  if (head === null || options.maxCommits <= 0) return { head, commits: [], coChange: [], fileHistory: new Map() };
  const builder = new HistoryBuilder(options.maxFilesPerCommit);
  const parser = new GitLogParser();
  const args = [
    'log',
    head,
    '--no-merges',
    `--max-count=${Math.floor(options.maxCommits)}`,
    '-M',
    '--name-status',
    '-z',
    '--relative',
    '--no-color',
    LOG_FORMAT,
    '--',
    '.',
  ];
  const run = await streamGit(root, args, (text) => {
    for (const commit of parser.feed(text)) builder.add(commit);
  });
  for (const commit of parser.end()) builder.add(commit);
  if (run.code !== 0) {
    throw new InputError('INPUT_INVALID', `git log failed in ${root}`, {
      cause: new Error(run.stderr.trim() || `git exited with ${String(run.code)}`),
      hint: 'check the repository with `git log` yourself, or index without history',
    });
  }
  return builder.result(head);
}
