// The incremental refresh that commands reading the index run first.

import { drainIndex, runIndex, type RepoContext } from '../../app.js';
import { isCairnError } from '../../core/errors.js';
import type { IndexSummary } from '../../indexer/index-repository.js';
import type { Io } from './io.js';

/**
 * Brings the index up to date before answering. The curated index is complete before the
 * optional embedding step runs, so an unreachable embedding server only costs freshness
 * of the vectors: say so and answer anyway.
 */
export async function refreshQuietly(context: RepoContext, io: Io): Promise<void> {
  try {
    printWarnings(io, await drainIndex(runIndex(context)));
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    io.err(`cairn: warning: embedding step skipped (${error.message}); vector results may be stale\n`);
  }
}

/** What an index run could not do fully (history a clone lacks, ...), one stderr line each. */
export function printWarnings(io: Io, summary: Pick<IndexSummary, 'warnings'>): void {
  for (const warning of summary.warnings) io.err(`cairn: warning: ${warning}\n`);
}

export function isProviderFailure(error: unknown): error is Error {
  return isCairnError(error) && (error.code === 'PROVIDER_UNAVAILABLE' || error.code === 'PROVIDER_INVALID_RESPONSE');
}

