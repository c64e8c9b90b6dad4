// One writer per index directory. A lock file holds the writer's pid; a lock left by a
// process that no longer runs (killed mid-index) is stale and taken over, which is what
// lets the next run complete an interrupted index.

import { closeSync, constants, lstatSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { IndexError } from '../core/errors.js';
import { cannotWrite, ensureIndexDir, errnoOf } from './index-dir.js';

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

/** The process writing the index in `indexDir`, when one is (a live lock holder); else null. */
export function activeIndexWriter(indexDir: string): number | null {
  const holder = lockHolder(join(indexDir, LOCK_FILE_NAME));
  return holder !== null && holder !== process.pid && isAlive(holder) ? holder : null;
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
