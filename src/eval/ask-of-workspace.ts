// `cairn eval --ask-of <repo>`: every task asked of one other repository, at its tree as it
// is, to measure how often cairn says the match is weak or none when the task is not about
// that code. The index lives under the index root (or in the repository's own `.cairn`, as
// for any cairn run there) and is refreshed incrementally before each task, so the
// repository is indexed once.

import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { IN_TREE_INDEX } from './dataset-workspace.js';
import type { TaskTree } from './evaluator.js';
import type { TaskWorkspace } from './run-eval.js';

export function askOfWorkspace(repo: string, indexRoot?: string): TaskWorkspace {
  const root = resolve(repo);
  if (!isFolder(root)) throw new UsageError(`--ask-of ${repo}: no such folder`, { hint: 'pass the folder of the repository to ask the tasks of' });
  const tree: TaskTree = { root, indexDir: indexRoot === undefined ? join(root, IN_TREE_INDEX) : join(resolve(indexRoot), `ask-of-${safeName(basename(root))}`) };
  return { prepare: async () => tree };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'repo';
}
