// Builds localization tasks from a repository's own history: walk commits from HEAD
// backwards, keep the newest N that make honest tasks. A task's query is the commit
// message; its gold files are the source files the commit modified (they exist at the
// parent, where the task is ranked); its hunks locate the gold functions later, once the
// parent is indexed.

import { InputError } from '../../core/errors.js';
import type { EvalTask } from '../dataset.js';
import { categoryOf, isBotLike, isRevert, MIN_WORDS, namesAnyFile, queryOf, wordCount } from './commit-filter.js';
import { walkCommits, type CommitInfo } from './commit-log.js';
import { changedFiles, oldRanges, type OldRange } from './diff.js';
import { git } from './git.js';
import { isGoldSource, needsHead } from './gold.js';

export type CommitSkipReason =
  | 'merge'
  | 'root'
  | 'revert'
  | 'bot'
  | 'short-message'
  | 'too-many-files'
  | 'no-gold-file'
  | 'names-changed-file'
  // A changed file's content at the parent is not in the object store (a partial or
  // damaged clone): the file could not be checked out, so the task would be unanswerable.
  | 'missing-object';

export interface GitTask extends EvalTask {
  commit: string;
  /** Lines of each gold file at the parent that the commit touched. */
  ranges: Record<string, OldRange[]>;
}

export interface SelectOptions {
  /** Where to run git: a repository that can see the commits (cairn's work copy). */
  cwd: string;
  head: string;
  /** Name for task ids and the dataset's `repo` field. */
  repoName: string;
  commits: number;
  maxFiles: number;
}

export interface Selection {
  tasks: GitTask[];
  examined: number;
  skipped: Partial<Record<CommitSkipReason, number>>;
}

const HEAD_BYTES = 4096;

/** `git cat-file -e`: exit status 0 when the object can be read; git's own failure is an InputError. */
async function objectExists(cwd: string, object: string): Promise<boolean> {
  return git(cwd, ['cat-file', '-e', object]).then(
    () => true,
    (error: unknown) => {
      if (error instanceof InputError) return false;
      throw error;
    },
  );
}

export async function selectCommitTasks(options: SelectOptions): Promise<Selection> {
  const selection: Selection = { tasks: [], examined: 0, skipped: {} };
  if (options.commits <= 0) return selection;
  for await (const commit of walkCommits(options.cwd, options.head)) {
    selection.examined++;
    const outcome = await taskOf(commit, options);
    if (typeof outcome === 'string') selection.skipped[outcome] = (selection.skipped[outcome] ?? 0) + 1;
    else selection.tasks.push(outcome);
    if (selection.tasks.length >= options.commits) break;
  }
  return selection;
}

async function taskOf(commit: CommitInfo, options: SelectOptions): Promise<GitTask | CommitSkipReason> {
  if (commit.parents.length > 1) return 'merge';
  const parent = commit.parents[0];
  if (parent === undefined) return 'root';
  if (isRevert(commit.message)) return 'revert';
  if (isBotLike(commit)) return 'bot';
  const query = queryOf(commit.message);
  if (wordCount(query) < MIN_WORDS) return 'short-message';
  const changed = await changedFiles(options.cwd, parent, commit.sha);
  if (changed.length > options.maxFiles) return 'too-many-files';
  const gold = await goldFiles(options.cwd, parent, changed.filter((file) => file.status === 'M').map((file) => file.path));
  if (gold === null) return 'missing-object';
  if (gold.length === 0) return 'no-gold-file';
  if (namesAnyFile(query, changed.map((file) => file.path))) return 'names-changed-file';
  const ranges: Record<string, OldRange[]> = {};
  for (const path of gold) ranges[path] = await oldRanges(options.cwd, parent, commit.sha, path);
  return {
    id: `${options.repoName}-${commit.sha.slice(0, 12)}`,
    repo: options.repoName,
    base_commit: parent,
    category: categoryOf(query),
    query,
    gold_files: gold,
    gold_functions: [],
    commit: commit.sha,
    ranges,
  };
}

/** The modified source files worth a task; null when one of them is missing from the object store. */
async function goldFiles(cwd: string, parent: string, modified: readonly string[]): Promise<string[] | null> {
  const gold: string[] = [];
  for (const path of modified) {
    if (!needsHead(path)) continue;
    if (!(await objectExists(cwd, `${parent}:${path}`))) return null;
    const head = (await git(cwd, ['cat-file', 'blob', `${parent}:${path}`])).slice(0, HEAD_BYTES);
    if (isGoldSource(path, head)) gold.push(path);
  }
  return gold.sort();
}
