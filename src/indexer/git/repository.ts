// Cheap questions about the git repository around a folder: is it a work tree, what is
// HEAD, which files does git track. Each is one short git process; all are read-only.

import { runGit } from './run-git.js';

/** True when `root` is inside a git work tree (false outside one, or without git). */
export async function isInsideWorkTree(root: string): Promise<boolean> {
  const run = await runGit(root, ['rev-parse', '--is-inside-work-tree']);
  return run.code === 0 && run.stdout.trim() === 'true';
}

/** The HEAD commit, or null outside a work tree, in a repository without commits, or without git. */
export async function headCommit(root: string): Promise<string | null> {
  const run = await runGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  const sha = run.stdout.trim();
  return run.code === 0 && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
}

/**
 * Files git tracks under `root`, relative to it (for the walker's `tracked` option), or
 * null outside a work tree. Reads the index without refreshing it.
 */
export async function trackedFiles(root: string): Promise<Set<string> | null> {
  if (!(await isInsideWorkTree(root))) return null;
  const run = await runGit(root, ['ls-files', '-z']);
  if (run.code !== 0) return null;
  return new Set(run.stdout.split('\0').filter((path) => path !== ''));
}
