// One writer per index directory. A lock file holds the writer's pid; a lock left by a
// process that no longer runs (killed mid-index) is stale and taken over, which is what
// lets the next run complete an interrupted index.

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { IndexError } from '../core/errors.js';

export const LOCK_FILE_NAME = 'index.lock';

export interface IndexLock {
  release(): void;
}

export function acquireIndexLock(indexDir: string): IndexLock {
  mkdirSync(indexDir, { recursive: true });
  const path = join(indexDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error;
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

function lockHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isFinite(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
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
