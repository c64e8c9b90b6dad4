// `eval --from-git`: tasks from a repository's history, each ranked at its parent commit
// in cairn's work copy (history up to the parent only), with gold functions read from the
// parent's fresh index. The user's repository is never written to.

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CuratedReader } from '../../store/curated.js';
import type { EvalTask } from '../dataset.js';
import type { TaskWorkspace } from '../run-eval.js';
import { changedLines, goldFunctions } from './gold.js';
import { selectCommitTasks, type GitTask, type Selection } from './select-tasks.js';
import { inspectRepository, openWorkCopy, type UserRepository, type WorkCopy } from './work-copy.js';

export interface FromGitOptions {
  repo: string;
  commits: number;
  maxFiles: number;
  /** Keep the work copy (and its index) under this folder, for cheap re-runs; else a temp folder. */
  keepUnder?: string | undefined;
}

export interface FromGitSession {
  user: UserRepository;
  selection: Selection;
  /** The tasks, newest first, without their hunk ranges. */
  tasks: EvalTask[];
  workspace: TaskWorkspace;
  workDir: string;
  /** Removes the work copy unless it is kept. */
  close(): void;
}

export async function openFromGit(options: FromGitOptions): Promise<FromGitSession> {
  const { user, repoName, workDir, copy, close } = await openWork(options);
  try {
    const selection = await selectCommitTasks({
      cwd: copy.root,
      head: user.head,
      repoName,
      commits: options.commits,
      maxFiles: options.maxFiles,
    });
    const ranges = new Map(selection.tasks.map((task) => [task.id, task.ranges]));
    const workspace: TaskWorkspace = {
      async prepare(task) {
        await copy.checkout(task.base_commit);
        return { root: copy.root, indexDir: copy.indexDir };
      },
      complete(task, reader) {
        return withGoldFunctions(task, ranges.get(task.id) ?? {}, reader);
      },
    };
    return { user, selection, tasks: selection.tasks.map(withoutRanges), workspace, workDir, close };
  } catch (error) {
    close();
    throw error;
  }
}

export type DatasetOnGitSession = Omit<FromGitSession, 'selection' | 'tasks'>;

/**
 * A written dataset's tasks (`--write-dataset`) on the repository they came from: each
 * task's base commit checked out in cairn's work copy and re-indexed incrementally between
 * tasks, as `--from-git` ranks them, without selecting commits again — so every build is
 * measured on the same tasks, whatever its own file classification would select.
 */
export async function openDatasetOnGit(options: { repo: string; keepUnder?: string | undefined }): Promise<DatasetOnGitSession> {
  const { user, workDir, copy, close } = await openWork(options);
  const workspace: TaskWorkspace = {
    async prepare(task) {
      await copy.checkout(task.base_commit);
      return { root: copy.root, indexDir: copy.indexDir };
    },
  };
  return { user, workspace, workDir, close };
}

/** The user's repository read, and cairn's work copy of it opened (kept under `keepUnder`, else in a temp folder). */
async function openWork(options: { repo: string; keepUnder?: string | undefined }): Promise<{
  user: UserRepository;
  repoName: string;
  workDir: string;
  copy: WorkCopy;
  close(): void;
}> {
  const user = await inspectRepository(options.repo);
  const repoName = safeName(basename(user.top));
  const workDir = options.keepUnder ? keptWorkDir(options.keepUnder, user, repoName) : mkdtempSync(join(tmpdir(), 'cairn-eval-'));
  const close = (): void => {
    if (!options.keepUnder) rmSync(workDir, { recursive: true, force: true });
  };
  try {
    return { user, repoName, workDir, copy: await openWorkCopy(user, workDir), close };
  } catch (error) {
    close();
    throw error;
  }
}

function withGoldFunctions(task: EvalTask, ranges: GitTask['ranges'], reader: CuratedReader): EvalTask {
  const functions = task.gold_files.flatMap((path) => goldFunctions(path, reader.symbolsOfFile(path), ranges[path] ?? []));
  return { ...task, gold_functions: functions };
}

/** The task without its hunk ranges, with the changed lines of each gold file instead. */
function withoutRanges(task: GitTask): EvalTask {
  const { ranges, ...rest } = task;
  const lines: Record<string, number[]> = {};
  for (const path of task.gold_files) {
    const touched = changedLines(ranges[path] ?? []);
    if (touched.length > 0) lines[path] = touched;
  }
  return Object.keys(lines).length > 0 ? { ...rest, gold_lines: lines } : rest;
}

function keptWorkDir(under: string, user: UserRepository, repoName: string): string {
  const hash = createHash('sha256').update(user.top).digest('hex').slice(0, 8);
  const dir = join(under, `from-git-${repoName}-${hash}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'repo';
}
