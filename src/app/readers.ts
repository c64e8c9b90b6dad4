// Composition root, reading part: the index a command answers from. Readers get the last
// complete index or a clear statement that there is none yet — never part of an index run:
//
// - a full build (first index, --rebuild) is staged apart and published whole, so index.db
//   is either absent (none yet) or complete;
// - an update writes index.db in place; a reader holds the state it opened
//   (store/sqlite/pinned-reader.ts), and one that opens while an update is part-way
//   waits for it to finish;
// - an index left part-way by a run that was killed is refused until `cairn index`
//   completes it.

import { setTimeout as sleep } from 'node:timers/promises';
import type { RepoContext } from '../config/repo-context.js';
import { openReader } from './stores.js';
import { IndexError, isCairnError } from '../core/errors.js';
import { activeIndexWriter } from '../indexer/lock.js';
import type { CuratedReader } from '../store/curated.js';

/** How long a reader waits for an update under way before it gives up (an update of a few files takes well under a second). */
const MAX_WAIT_MS = 120_000;
const POLL_MS = 50;

export interface ReaderOptions {
  /** Called once when the reader starts waiting for the process writing the index. */
  onWait?: (writer: number) => void;
}

export async function openCompleteReader(context: Pick<RepoContext, 'indexDir'>, options: ReaderOptions = {}): Promise<CuratedReader> {
  const deadline = Date.now() + MAX_WAIT_MS;
  let waiting = false;
  for (;;) {
    const reader = openOrExplain(context);
    if (reader.meta('state') === 'complete') return reader;
    reader.close();
    const writer = activeIndexWriter(context.indexDir);
    if (writer === null) {
      throw new IndexError('INDEX_INCOMPLETE', `the index in ${context.indexDir} was left part-way by an index run that was stopped`, {
        hint: 'run `cairn index` to complete it (or drop --no-refresh)',
      });
    }
    if (Date.now() > deadline) {
      throw new IndexError('INDEX_BUSY', `the index in ${context.indexDir} is still being updated by process ${writer}`, {
        hint: 'retry when that `cairn index` has finished',
      });
    }
    if (!waiting) options.onWait?.(writer);
    waiting = true;
    await sleep(POLL_MS);
  }
}

/** The reader, whatever the index's state; when there is no index yet but one is being built, an error that says so. */
export function openOrExplain(context: Pick<RepoContext, 'indexDir'>): CuratedReader {
  try {
    return openReader(context);
  } catch (error) {
    const writer = isCairnError(error) && error.code === 'INDEX_MISSING' ? activeIndexWriter(context.indexDir) : null;
    if (writer === null) throw error;
    throw new IndexError('INDEX_MISSING', `no complete index in ${context.indexDir} yet: process ${writer} is building the first one`, {
      hint: 'retry when it has finished (`cairn status` shows it)',
      cause: error,
    });
  }
}

/** One line for a refresh skipped because another process holds the index lock. */
export function busyNote(context: Pick<RepoContext, 'indexDir'>): string {
  const writer = activeIndexWriter(context.indexDir);
  return `${writer === null ? 'another cairn process' : `process ${writer}`} is writing the index: not refreshed, answering from the last complete index`;
}
