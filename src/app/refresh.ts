// Composition root, refresh part: a repository's index run before a command answers, wired
// as the port of `refreshIndex` (operations/index-run.ts). Apart from retrieval.ts, so that
// a command that refreshes but never retrieves (search, graph, status, index) does not load
// the pipeline.

import type { RepoContext } from '../config/repo-context.js';
import { refreshIndex, type IndexRefresh } from '../operations/index-run.js';
import { busyNote } from './readers.js';
import { drainIndex, refreshesLocally, runIndex } from './stores.js';

/** The repository's incremental index run, as the refresh operation takes it (none on a shared store). */
export function indexRefresh(context: RepoContext): IndexRefresh {
  return {
    local: refreshesLocally(context),
    run: () => drainIndex(runIndex(context)),
    busyNote: () => busyNote(context),
  };
}

/**
 * The refresh of a command that retrieves or asks a model (retrieve, refine, hydrate,
 * enrich): its warnings, with a busy index said as one of them; an embedding server that
 * fails fails the command.
 */
export async function refreshed(context: RepoContext): Promise<string[]> {
  const outcome = await refreshIndex(indexRefresh(context), { tolerateProviderFailure: false });
  return outcome.busy === null ? outcome.warnings : [outcome.busy];
}
