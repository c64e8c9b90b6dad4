// The index directory itself: created on first use, with a `.gitignore` inside that
// ignores everything in it, so that an index kept in the repository (the default
// `<repo>/.cairn`) never shows in `git status` and is never committed by accident.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DEFAULT_INDEX_DIR_NAME } from '../config/load.js';

export const INDEX_DIR_GITIGNORE = "# cairn's index: rebuilt from the repository, never committed\n*\n";

/**
 * Creates the directory when absent. The `.gitignore` is written only into a directory
 * cairn created, or one named `.cairn` (an index made before cairn wrote one): a folder
 * the user named with --index-dir that already held their files is left alone.
 */
export function prepareIndexDir(indexDir: string): void {
  const existed = existsSync(indexDir);
  if (!existed) mkdirSync(indexDir, { recursive: true });
  const ignoreFile = join(indexDir, '.gitignore');
  if ((!existed || basename(indexDir) === DEFAULT_INDEX_DIR_NAME) && !existsSync(ignoreFile)) writeFileSync(ignoreFile, INDEX_DIR_GITIGNORE);
}
