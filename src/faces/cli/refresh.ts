// The index a command answers from: refreshed incrementally first (unless --no-refresh,
// `refreshIndex` in operations/index-run.ts over the run the composition root wires), and
// what the refresh could not do said on stderr; the handle a command's operation runs on is
// repo-handle.ts.

import type { RepoContext } from '../../config/repo-context.js';
import { indexRefresh } from '../../app/refresh.js';
import { printable } from '../../core/printable.js';
import { refreshIndex } from '../../operations/index-run.js';
import type { Io } from './io.js';

/**
 * Brings the index up to date before answering. An unreachable embedding server only costs
 * freshness of the vectors, and another process writing the index only this refresh: say
 * so and answer anyway (on a shared store nothing is refreshed: its index is what
 * `cairn index` published).
 */
export async function refreshQuietly(context: RepoContext, io: Io): Promise<void> {
  const outcome = await refreshIndex(indexRefresh(context), { tolerateProviderFailure: true });
  printWarnings(io, outcome);
  if (outcome.busy !== null) io.err(`cairn: note: ${outcome.busy}\n`);
  if (outcome.vectorsSkipped !== null) io.err(`cairn: warning: embedding step skipped (${printable(outcome.vectorsSkipped)}); vector results may be stale\n`);
}

/** What an index run could not do fully (history a clone lacks, ...), one stderr line each. */
export function printWarnings(io: Io, summary: { readonly warnings: readonly string[] }): void {
  for (const warning of summary.warnings) io.err(`cairn: warning: ${printable(warning)}\n`);
}
