// cairn's own checkout of a user's repository, for ranking at old commits without ever
// touching the user's repository: a fresh git repository in a folder cairn owns that
// borrows the user's objects through objects/info/alternates (as
// shared/bench/prepare-repos.sh does), with a detached HEAD moved from commit to commit.
// The user's repository is only read: its top folder, HEAD and object store.

import { spawnSync } from 'node:child_process';
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
      // Snapshots of public repositories may lack their largest blobs; git refuses to
      // check out a tree with a missing blob, so such paths are left out sparsely.
      const missing = await missingBlobPaths(root, commit);
      if (missing.length > 0 || existsSync(join(gitDir, 'info', 'sparse-checkout'))) {
        mkdirSync(join(gitDir, 'info'), { recursive: true });
        writeFileSync(join(gitDir, 'info', 'sparse-checkout'), ['/*', ...missing.map((path) => `!/${escapeGlob(path)}`), ''].join('\n'));
        await git(root, ['config', 'core.sparseCheckout', 'true']);
      }
      await git(root, ['checkout', '--quiet', '--force', '--detach', commit]);
    },
  };
}

/** Paths of the commit's tree whose blobs the object store does not hold. */
async function missingBlobPaths(root: string, commit: string): Promise<string[]> {
  const listing = await git(root, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const blobs: { sha: string; path: string }[] = [];
  for (const record of listing.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [, type, sha] = record.slice(0, tab).split(' ');
    if (type === 'blob' && sha) blobs.push({ sha, path: record.slice(tab + 1) });
  }
  if (blobs.length === 0) return [];
  const answer = spawnSync('git', ['cat-file', '--batch-check=%(objectname)'], {
    cwd: root,
    input: blobs.map((blob) => blob.sha).join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const missing = new Set(answer.stdout.split('\n').filter((line) => line.endsWith(' missing')).map((line) => line.split(' ')[0]));
  return blobs.filter((blob) => missing.has(blob.sha)).map((blob) => blob.path);
}

function escapeGlob(path: string): string {
  return path.replace(/([*?[\]\\!#])/g, '\\$1');
}
