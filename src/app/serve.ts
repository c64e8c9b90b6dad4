// Composition root, the served part: what `cairn serve` and `cairn mcp` run on. The serve
// runtime (src/serve/: workspaces, generations, the live index, the query pool) is handed
// its stores and clients here (`serveWiring`, the SQLite adapter today), its index runs on
// a thread of their own (index-thread.ts) and its query threads run this folder's
// query-worker.ts — the thread scripts sit beside the module naming them, as the bundle
// needs (tools/bundle.mjs).

import type { RepoContext } from '../config/repo-context.js';
import { OPERATIONS } from '../faces/http/operations.js';
import { openServeSet, type ServeSet, type ServeSetOptions } from '../serve/live.js';
import { inProcessQueries, routedQueries, startQueryPool, type QueryRunner } from '../serve/query-pool.js';
import type { ServeWiring } from '../serve/wiring.js';
import { agentVisibility, diagnosticsOver } from './diagnostics.js';
import { gitLineHistory } from '../indexer/git/line-changes.js';
import { threadRunner } from './index-thread.js';
import { basePorts } from './memory.js';
import { openCompleteReader, openOrExplain } from './readers.js';
import { modelPort } from './retrieval.js';
import { inProcessRunner, openEnrichmentReader, openRanker, storesOf } from './stores.js';

export const QUERY_WORKER_SCRIPT = new URL('./query-worker.js', import.meta.url);

export const serveWiring: ServeWiring = {
  stores: storesOf,
  openCompleteReader: (context) => openCompleteReader(context),
  openOrExplain,
  openRanker,
  openEnrichment: openEnrichmentReader,
  lineHistory: (context) => gitLineHistory(context.root),
  modelPort,
  memoryBase: basePorts,
  diagnostics: (context, reader, failures) => diagnosticsOver(context, reader, failures),
  agentVisibility,
  runIndex: inProcessRunner,
};

/** The served repositories, their index runs each on a thread of its own (unless `runner` says otherwise). */
export function openServed(repos: { name: string; context: RepoContext }[], options: Omit<ServeSetOptions, 'wiring'>): Promise<ServeSet> {
  return openServeSet(repos, { ...options, wiring: serveWiring, runner: options.runner ?? threadRunner() });
}

/** The HTTP face's query threads (its pooled operations), or those operations in this thread without the compiled script. */
export function startQueries(options: { repos: { name: string; context: RepoContext }[]; env: NodeJS.ProcessEnv; threads: number; script?: URL }): QueryRunner<typeof OPERATIONS> {
  const pool = startQueryPool({ ...options, operations: OPERATIONS, script: options.script ?? QUERY_WORKER_SCRIPT });
  if (options.repos.every((repo) => repo.context.store === undefined)) return pool;
  return routedQueries(pool, inProcessQueries(OPERATIONS), (repo, op, input) => repo.workspace.context.store === undefined || runsOnThread(op, input));
}

/**
 * Whether an operation on a shared store can run on a query thread. libpq's native binding
 * loads into one thread of a process only (it is not context-aware: a second thread gets
 * "Module did not self-register"), and the main thread holds it. A thread reads the index
 * from the generation the main thread checked out and hands its raw-log and session writes
 * back (thread-stores.ts); what reads the shared state — a task's session (`context` with a
 * task id, `refine`), episode memory (`hydrate`), failure memory (`diagnose`) — stays here.
 */
export function runsOnThread(op: keyof typeof OPERATIONS, input: unknown): boolean {
  if (op === 'context') return (input as { task_id?: string }).task_id === undefined;
  return op === 'search' || op === 'similar' || op === 'graph' || op === 'impact';
}
