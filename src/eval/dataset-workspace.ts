// Task trees of a dataset: `<repos>/<id>/`, prepared beforehand (shared/bench/prepare-repos.sh).
// The index lives in the tree (`.cairn`) or, with an index root, at `<indexRoot>/<id>`.

import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { headCommit } from '../indexer/git/repository.js';
import type { EvalTask } from './dataset.js';
import type { TaskTree } from './evaluator.js';
import type { TaskWorkspace } from './run-eval.js';

export const IN_TREE_INDEX = '.cairn';

export function datasetWorkspace(reposDir: string, indexRoot?: string): TaskWorkspace {
  const repos = resolve(reposDir);
  const indexes = indexRoot === undefined ? undefined : resolve(indexRoot);
  return {
    async prepare(task): Promise<TaskTree | { skip: string }> {
      const root = join(repos, task.id);
      if (!isFolder(root)) return { skip: `no tree at ${root}` };
      // A tree that is its own git repository must sit at the task's commit (a tree nested
      // in some other repository says nothing about it, so only `<tree>/.git` counts).
      if (existsSync(join(root, '.git'))) {
        const head = await headCommit(root);
        if (head !== null && !head.startsWith(task.base_commit)) {
          return { skip: `tree is at ${head.slice(0, 12)}, the task is at ${task.base_commit.slice(0, 12)}` };
        }
      }
      return { root, indexDir: indexes === undefined ? join(root, IN_TREE_INDEX) : join(indexes, task.id) };
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Keeps the tasks asked for: by id and category, then the first `limit`. Unknown ids or categories are usage errors. */
export function chooseTasks(
  tasks: readonly EvalTask[],
  choice: { only?: readonly string[] | undefined; category?: string | undefined; limit?: number | undefined },
): EvalTask[] {
  const only = choice.only && choice.only.length ? new Set(choice.only) : null;
  if (only) {
    const unknown = [...only].filter((id) => !tasks.some((task) => task.id === id));
    if (unknown.length) throw new UsageError(`--only names tasks the dataset does not have: ${unknown.join(', ')}`);
  }
  const category = choice.category?.toLowerCase();
  if (category !== undefined && !tasks.some((task) => task.category.toLowerCase() === category)) {
    const known = [...new Set(tasks.map((task) => task.category))].sort();
    throw new UsageError(`no task has category "${choice.category}"; the dataset has: ${known.join(', ')}`);
  }
  const chosen = tasks.filter(
    (task) => (!only || only.has(task.id)) && (category === undefined || task.category.toLowerCase() === category),
  );
  return choice.limit === undefined ? chosen : chosen.slice(0, choice.limit);
}
