// The one-shot handle a command's operation runs on (app/one-shot.ts): over the index,
// refreshed first unless --no-refresh, or over the stores alone. Apart from refresh.ts,
// which `cairn index` loads too: the handle's wiring would load the retrieval code.

import type { RepoContext } from '../../config/repo-context.js';
import { openOneShot, type OneShotHandle, type OneShotOptions } from '../../app/one-shot.js';
import type { Io } from './io.js';
import { refreshQuietly } from './refresh.js';

/**
 * Runs a command's operation on a one-shot handle over the index (refreshed first unless
 * --no-refresh; its warnings on stderr), closed after. `memory` loads episode memory's
 * wiring for the commands that read or decide on entities.
 */
export async function withIndexRepo<T>(
  context: RepoContext,
  io: Io,
  options: { refresh: boolean; memoryLog?: OneShotOptions['memoryLog'] },
  work: (repo: OneShotHandle) => T | Promise<T>,
): Promise<T> {
  if (options.refresh) await refreshQuietly(context, io);
  const repo = await openOneShot(context, {
    refresh: false,
    needs: 'index',
    env: io.env,
    onWait: (writer) => io.err(`cairn: note: waiting for process ${writer} to finish updating the index\n`),
    ...(options.memoryLog ? { uses: { memory: true }, memoryLog: options.memoryLog } : {}),
  });
  try {
    return await work(repo);
  } finally {
    repo.close();
  }
}

/** Runs a command's operation on a handle with no index (episode memory's store, the raw log), closed after. */
export async function withStoresRepo<T>(context: RepoContext, io: Io, work: (repo: OneShotHandle) => T | Promise<T>): Promise<T> {
  const repo = await openOneShot(context, { refresh: false, needs: 'none', env: io.env });
  try {
    return await work(repo);
  } finally {
    repo.close();
  }
}
