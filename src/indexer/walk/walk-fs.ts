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

export const nodeWalkFs: WalkFs = {
  readdir: (dir) => fs.readdirSync(dir, { withFileTypes: true }),
  stat: (path) => fs.statSync(path),
  realpath: (path) => fs.realpathSync.native(path),
  readText: (path) => fs.readFileSync(path, 'utf8'),
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
