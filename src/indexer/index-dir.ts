// The index directory itself: created on first use, with a `.gitignore` inside that
// ignores everything in it, so that an index kept in the repository (the default
// `<repo>/.cairn`) never shows in `git status` and is never committed by accident.
// Failures to create or write it are the user's to fix (a file in its place, no
// permission, a read-only file system) and are said so, never as an internal error.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { DEFAULT_INDEX_DIR_NAME } from '../config/load.js';

export const INDEX_DIR_GITIGNORE = "# cairn's index: rebuilt from the repository, never committed\n*\n";

/**
 * Creates the directory when absent. The `.gitignore` is written only into a directory
 * cairn created, or one named `.cairn` (an index made before cairn wrote one): a folder
 * the user named with --index-dir that already held their files is left alone.
 */
export function prepareIndexDir(indexDir: string): void {
  const existed = existsSync(indexDir);
  ensureIndexDir(indexDir);
  const ignoreFile = join(indexDir, '.gitignore');
  if ((!existed || basename(indexDir) === DEFAULT_INDEX_DIR_NAME) && !existsSync(ignoreFile)) {
    try {
      writeFileSync(ignoreFile, INDEX_DIR_GITIGNORE);
    } catch (error) {
      throw cannotWrite(indexDir, error);
    }
  }
}

/** Creates the index directory when absent; a file in its place is a usage problem. */
export function ensureIndexDir(indexDir: string): void {
  try {
    mkdirSync(indexDir, { recursive: true });
  } catch (error) {
    const code = errnoOf(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new InputError('INPUT_INVALID', `the index directory ${indexDir} is a file, not a folder`, {
        hint: 'pass --index-dir a folder (it is created when absent)',
        cause: error,
      });
    }
    throw cannotWrite(indexDir, error);
  }
}

/** Permission and read-only file system failures are the user's to fix; anything else is a bug. */
export function cannotWrite(indexDir: string, error: unknown): unknown {
  const code = errnoOf(error);
  if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') return error;
  return new InputError('INPUT_INVALID', `cannot write in the index directory ${indexDir} (${code})`, {
    hint: 'make it writable: cairn keeps its index, logs and sessions there',
    cause: error,
  });
}

export function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
