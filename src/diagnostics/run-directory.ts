// The failing run's directory, walked once (read-only, links leaving it not followed) and
// shared by the repeated-failures trigger and the run-artifacts category.

import { realpathSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { InputError } from '../core/errors.js';
import { walkInside, type WalkResult } from './fs/safe-walk.js';

export interface RunDirectory {
  /** As given (for messages). */
  path: string;
  walk: WalkResult;
}

/** Repository-relative paths a reader may open (links resolved: `isDirectory` as the walk enters it). */
export type RepositoryVisibility = (path: string, isDirectory: boolean) => boolean;

/**
 * What the walk of the run directory leaves out: the caller's exclusions, and — for an
 * agent face — what the repository hides (the run directory then lies inside it).
 */
export function runDirectoryExclusion(request: { runDir: string; repoRoot: string; excludeFromRun?: (relative: string) => boolean; visible?: RepositoryVisibility }): ((relative: string, isDirectory: boolean) => boolean) | undefined {
  const { excludeFromRun, visible } = request;
  if (visible === undefined) return excludeFromRun;
  const inside = relative(realpathSync(request.repoRoot), realpathSync(request.runDir));
  if (inside.startsWith('..') || inside.startsWith(sep)) throw new InputError('INPUT_INVALID', `run directory ${request.runDir} is outside the repository`, { hint: 'name a folder inside the served repository' });
  const prefix = inside === '' ? '' : `${inside.split(sep).join('/')}/`;
  return (path, isDirectory) => (excludeFromRun?.(path) ?? false) || !visible(`${prefix}${path}`, isDirectory);
}

export function openRunDirectory(path: string, options: { exclude?: (relative: string, isDirectory: boolean) => boolean } = {}): RunDirectory {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw new InputError('INPUT_NOT_FOUND', `run directory ${path} does not exist`, { hint: "pass the failing run's directory with --run-dir", cause: error });
  }
  if (!isFolder) throw new InputError('INPUT_INVALID', `run directory ${path} is a file, not a folder`, { hint: "pass the folder holding the run's logs and artifacts" });
  return { path, walk: walkInside(path, options.exclude ? { exclude: options.exclude } : {}) };
}
