// An index run as the faces see it, and the refresh a reading command runs first. The run
// itself is wired by the composition root (app/stores.ts `runIndex`, `indexAndPublish`;
// app/refresh.ts; the serve runtime's live index): a face hands it an `IndexProgressListener`
// and renders what comes back — each progress event as it comes (the CLI's bar, MCP's
// progress notifications), the summary at the end. No face imports the indexer.

import { isCairnError } from '../core/errors.js';
import type { IndexProgress, IndexSummary } from '../indexer/index-repository.js';

export type { IndexProgress, IndexSummary };
export type { VectorSummary } from '../indexer/embed/embed-step.js';

/** The port a face implements to watch an index run: called with each step as it happens. */
export type IndexProgressListener = (progress: IndexProgress) => void;

/** One repository's index run before an answer, as the composition root wires it (app/refresh.ts). */
export interface IndexRefresh {
  /** False on a shared store: its index is what `cairn index` published, never refreshed by a reader. */
  readonly local: boolean;
  /** Runs the index incrementally to its end; rejects with the run's typed error. */
  run(): Promise<IndexSummary>;
  /** One line saying who holds the index lock now (when the run found it busy). */
  busyNote(): string;
}

export interface RefreshOutcome {
  /** What the run could not do fully (IndexSummary.warnings), one line each. */
  warnings: string[];
  /** Set when another process was writing the index: the answer comes from the last complete one. */
  busy: string | null;
  /** Set when the embedding server failed (`tolerateProviderFailure`): the curated index is fresh, its vectors may not be. */
  vectorsSkipped: string | null;
}

/**
 * Brings the index up to date before a command answers. Another process writing the index
 * (a rebuild, another command's refresh) is no failure: the command answers from the last
 * complete index. With `tolerateProviderFailure`, neither is an unreachable embedding server:
 * the curated index is complete before the optional embedding step runs, so only the
 * vectors' freshness is lost.
 */
export async function refreshIndex(refresh: IndexRefresh, options: { tolerateProviderFailure: boolean }): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { warnings: [], busy: null, vectorsSkipped: null };
  if (!refresh.local) return outcome;
  try {
    return { ...outcome, warnings: (await refresh.run()).warnings };
  } catch (error) {
    if (isCairnError(error) && error.code === 'INDEX_BUSY') return { ...outcome, busy: refresh.busyNote() };
    if (options.tolerateProviderFailure && isProviderFailure(error)) return { ...outcome, vectorsSkipped: error.message };
    throw error;
  }
}

function isProviderFailure(error: unknown): error is Error {
  return isCairnError(error) && (error.code === 'PROVIDER_UNAVAILABLE' || error.code === 'PROVIDER_INVALID_RESPONSE');
}
