// The index a command answers from: refreshed incrementally first (unless --no-refresh),
// and what the refresh could not do said on stderr; the handle a command's operation runs
// on is repo-handle.ts.

import type { RepoContext } from '../../config/repo-context.js';
import { drainIndex, refreshesLocally, runIndex } from '../../app/stores.js';
import { busyNote } from '../../app/readers.js';
import { isCairnError } from '../../core/errors.js';
import { printable } from '../../core/printable.js';
import type { IndexSummary } from '../../indexer/index-repository.js';
import type { Io } from './io.js';

/**
 * Brings the index up to date before answering. The curated index is complete before the
 * optional embedding step runs, so an unreachable embedding server only costs freshness
 * of the vectors: say so and answer anyway. When another process is writing the index
 * (a rebuild, another command's refresh), this command answers from the last complete
 * index rather than fail.
 */
export async function refreshQuietly(context: RepoContext, io: Io): Promise<void> {
  if (!refreshesLocally(context)) return; // a shared store's index is what `cairn index` published
  try {
    printWarnings(io, await drainIndex(runIndex(context)));
  } catch (error) {
    if (isCairnError(error) && error.code === 'INDEX_BUSY') {
      io.err(`cairn: note: ${busyNote(context)}\n`);
      return;
    }
    if (!isProviderFailure(error)) throw error;
    io.err(`cairn: warning: embedding step skipped (${printable(error.message)}); vector results may be stale\n`);
  }
}

/** What an index run could not do fully (history a clone lacks, ...), one stderr line each. */
export function printWarnings(io: Io, summary: Pick<IndexSummary, 'warnings'>): void {
  for (const warning of summary.warnings) io.err(`cairn: warning: ${printable(warning)}\n`);
}

export function isProviderFailure(error: unknown): error is Error {
  return isCairnError(error) && (error.code === 'PROVIDER_UNAVAILABLE' || error.code === 'PROVIDER_INVALID_RESPONSE');
}
