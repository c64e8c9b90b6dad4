// The failing run's directory, walked once (read-only, links leaving it not followed) and
// shared by the repeated-failures trigger and the run-artifacts category.

import { statSync } from 'node:fs';
import { InputError } from '../core/errors.js';
import { walkInside, type WalkResult } from './fs/safe-walk.js';

export interface RunDirectory {
  /** As given (for messages). */
  path: string;
  walk: WalkResult;
}

export function openRunDirectory(path: string, options: { exclude?: (relative: string) => boolean } = {}): RunDirectory {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw new InputError('INPUT_NOT_FOUND', `run directory ${path} does not exist`, { hint: "pass the failing run's directory with --run-dir", cause: error });
  }
  if (!isFolder) throw new InputError('INPUT_INVALID', `run directory ${path} is a file, not a folder`, { hint: "pass the folder holding the run's logs and artifacts" });
  return { path, walk: walkInside(path, options.exclude ? { exclude: options.exclude } : {}) };
}
