// What kind of clone a repository is, as far as history mining cares: a shallow clone's
// boundary commits look like root commits that add every file (their parents are not in
// the clone), and a partial clone lacks the old file contents that rename detection
// compares. Both are read from git's own records, never guessed from an error.

import { readFileSync } from 'node:fs';
import { runGit } from './run-git.js';

export interface CloneShape {
  /** Commits whose parents the clone does not have (empty unless shallow). */
  shallowBoundary: ReadonlySet<string>;
  /** A partial clone (`--filter=...`): objects may be missing and fetched on demand. */
  partial: boolean;
}

export async function cloneShape(root: string): Promise<CloneShape> {
  const [shallow, promisor] = await Promise.all([shallowBoundary(root), isPartialClone(root)]);
  return { shallowBoundary: shallow, partial: promisor };
}

async function shallowBoundary(root: string): Promise<Set<string>> {
  const run = await runGit(root, ['rev-parse', '--is-shallow-repository', '--path-format=absolute', '--git-path', 'shallow']);
  const [isShallow, file] = run.stdout.split('\n');
  if (run.code !== 0 || isShallow !== 'true' || !file) return new Set();
  try {
    return new Set(readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== ''));
  } catch {
    return new Set();
  }
}

/** `extensions.partialClone` or a promisor remote: git's own markers of a partial clone. */
async function isPartialClone(root: string): Promise<boolean> {
  const run = await runGit(root, ['config', '--get-regexp', '^(extensions\\.partialclone|remote\\..*\\.promisor)$']);
  if (run.code !== 0) return false;
  return run.stdout.split('\n').some((line) => {
    const [key = '', value = ''] = line.split(' ');
    return key === 'extensions.partialclone' ? value !== '' : value.trim() === 'true';
  });
}
