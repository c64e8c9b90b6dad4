// The few file-system calls the walker makes, behind a port so tests can simulate what a
// root user cannot (permission denied) and so the walker never writes by construction.

import fs from 'node:fs';

export interface WalkFs {
  readdir(dir: string): fs.Dirent[];
  /** Follows symbolic links. */
  stat(path: string): fs.Stats;
  realpath(path: string): string;
  readText(path: string): string;
  /** Throws when the current user cannot read the file. */
  assertReadable(path: string): void;
  exists(path: string): boolean;
}

/**
 * Ignore files and git's pointers are small; a larger one (or a link to /dev/zero) is
 * refused before it is read, and the walker treats it as empty.
 */
const MAX_TEXT_BYTES = 1024 * 1024;

function readSmallText(path: string): string {
  const stats = fs.statSync(path);
  if (!stats.isFile() || stats.size > MAX_TEXT_BYTES) {
    throw Object.assign(new Error(`${path}: not a regular file of at most ${MAX_TEXT_BYTES} bytes`), { code: 'EINVAL' });
  }
  return fs.readFileSync(path, 'utf8');
}

export const nodeWalkFs: WalkFs = {
  readdir: (dir) => fs.readdirSync(dir, { withFileTypes: true }),
  stat: (path) => fs.statSync(path),
  realpath: (path) => fs.realpathSync.native(path),
  readText: readSmallText,
  assertReadable: (path) => fs.accessSync(path, fs.constants.R_OK),
  exists: (path) => fs.existsSync(path),
};

/** The errno code of a file-system error ("EACCES"), or "ERROR" when there is none. */
export function errnoCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'ERROR';
}
