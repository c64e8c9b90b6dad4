// cairn's own checkout of a user's repository, for ranking at old commits without ever
// touching the user's repository: a fresh git repository in a folder cairn owns that
// borrows the user's objects through objects/info/alternates (as
// shared/bench/prepare-repos.sh does), with a detached HEAD moved from commit to commit.
// The user's repository is only read: its top folder, HEAD and object store.

import { copyFileSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../../core/errors.js';
import { git } from './git.js';

export interface UserRepository {
  /** The work tree's top folder. */
  top: string;
  head: string;
  /** Absolute path of its object store. */
  objects: string;
  /** Its `shallow` file, when it is a shallow clone (commits past it are absent). */
  shallow: string | null;
}

export interface WorkCopy {
  /** The checked-out tree (index it here). */
  root: string;
  /** Where its index lives, outside the tree. */
  indexDir: string;
  /** Moves the tree to `commit` (detached), discarding whatever the tree held. */
  checkout(commit: string): Promise<void>;
}

/** Reads what the work copy needs from the user's repository (read-only git calls). */
export async function inspectRepository(path: string): Promise<UserRepository> {
  const absolute = resolve(path);
  if (!existsSync(absolute)) {
    throw new InputError('INPUT_NOT_FOUND', `${path}: no such folder`, { hint: 'pass --repo PATH, a git repository' });
  }
  let top: string;
  try {
    top = (await git(absolute, ['rev-parse', '--show-toplevel'])).trim();
  } catch (error) {
    throw new InputError('INPUT_INVALID', `${path} is not inside a git work tree`, {
      hint: '--from-git builds tasks from a repository\'s commits: pass --repo PATH of a git repository',
      cause: error,
    });
  }
  const head = (await git(top, ['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  const objects = realpathSync(resolve(top, (await git(top, ['rev-parse', '--git-path', 'objects'])).trim()));
  const shallowPath = resolve(top, (await git(top, ['rev-parse', '--git-path', 'shallow'])).trim());
  return { top, head, objects, shallow: existsSync(shallowPath) ? shallowPath : null };
}

/** Creates (or reuses) the work copy under `dir`: `dir/tree` and `dir/index`. */
export async function openWorkCopy(user: UserRepository, dir: string): Promise<WorkCopy> {
  const root = join(dir, 'tree');
  mkdirSync(root, { recursive: true });
  if (!existsSync(join(root, '.git'))) await git(root, ['init', '--quiet']);
  const gitDir = join(root, '.git');
  mkdirSync(join(gitDir, 'objects', 'info'), { recursive: true });
  writeFileSync(join(gitDir, 'objects', 'info', 'alternates'), `${user.objects}\n`);
  if (user.shallow) copyFileSync(user.shallow, join(gitDir, 'shallow'));
  return {
    root,
    indexDir: join(dir, 'index'),
    async checkout(commit) {
      await git(root, ['checkout', '--quiet', '--force', '--detach', commit]);
    },
  };
}
