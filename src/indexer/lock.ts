// One writer per index directory. A lock file holds the writer's pid; a lock left by a
// process that no longer runs (killed mid-index) is stale and taken over, which is what
// lets the next run complete an interrupted index.

import { closeSync, constants, lstatSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { IndexError, InputError } from '../core/errors.js';

export const LOCK_FILE_NAME = 'index.lock';

/** A pid is a few digits: a lock file is never read further than this. */
const MAX_LOCK_BYTES = 32;

export interface IndexLock {
  release(): void;
}

export function acquireIndexLock(indexDir: string): IndexLock {
  ensureIndexDir(indexDir);
  const path = join(indexDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw cannotWrite(indexDir, error);
      const holder = lockHolder(path);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new IndexError('INDEX_BUSY', `the index in ${indexDir} is being written by process ${holder}`, {
          hint: 'wait for that `cairn index` to finish, or stop it',
        });
      }
      rmSync(path, { force: true }); // stale: its writer is gone
    }
  }
  throw new IndexError('INDEX_BUSY', `could not lock the index in ${indexDir}`, {
    hint: `another cairn process keeps creating ${path}; retry when it is done`,
  });
}

function ensureIndexDir(indexDir: string): void {
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
function cannotWrite(indexDir: string, error: unknown): unknown {
  const code = errnoOf(error);
  if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') return error;
  return new InputError('INPUT_INVALID', `cannot write in the index directory ${indexDir} (${code})`, {
    hint: 'make it writable: cairn keeps its index, logs and sessions there',
    cause: error,
  });
}

/**
 * The pid in the lock file, or null when it holds none. A lock that is a directory, a
 * link or a device was not written by cairn: it is reported, not removed or followed.
 */
function lockHolder(path: string): number | null {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return null; // released meanwhile
  }
  if (!stats.isFile()) {
    throw new IndexError('INDEX_CORRUPT', `${path} is not a lock file (it is a ${stats.isDirectory() ? 'directory' : stats.isSymbolicLink() ? 'symbolic link' : 'special file'})`, {
      hint: 'remove it: cairn creates index.lock while it writes the index and deletes it after',
    });
  }
  const pid = Number.parseInt(readHead(path).trim(), 10);
  return Number.isFinite(pid) && pid > 0 ? pid : null;
}

function readHead(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return '';
  }
  try {
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, MAX_LOCK_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoOf(error) === 'EPERM'; // exists, owned by someone else
  }
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
