// Where the heavy operations of `cairn serve` run: on a pool of query threads (piscina),
// so that the main thread — HTTP, /health, /metrics, cache hits, cheap lookups — stays
// free however busy the server is; or in this thread (tests, and a build run from
// TypeScript sources, where the compiled thread script is absent). Both run the same
// OPERATIONS over the same index state.
//
// A thread that dies while answering (a crash, an out-of-memory kill of the thread) fails
// only the requests it held, as INTERNAL errors; piscina starts a replacement.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ServedRepo } from '../../app-live.js';
import type { RepoContext } from '../../app.js';
import { CairnError, errorOfFault } from '../../core/errors.js';
import { OPERATIONS, type OperationInput, type OperationName, type OperationOutput } from './operations.js';
import type { QueryJob, QueryReply, QueryWorkerData } from './query-worker.js';

export const QUERY_WORKER_SCRIPT = new URL('./query-worker.js', import.meta.url);

export interface PoolCounts {
  threads: number;
  queued: number;
  completed: number;
  /** Share of the pool's capacity in use since it started (0–1). */
  utilization: number;
  /** Requests that failed because their thread stopped. */
  threadFailures: number;
}

export interface QueryRunner {
  run<N extends OperationName>(repo: ServedRepo, op: N, input: OperationInput<N>): Promise<OperationOutput<N>>;
  /** Null when the operations run in this thread. */
  counts(): PoolCounts | null;
  close(): Promise<void>;
}

export function inProcessQueries(): QueryRunner {
  return {
    run: (repo, op, input) => repo.workspace.use((view) => (OPERATIONS[op] as (view: unknown, input: unknown) => Promise<never>)(view, input)),
    counts: () => null,
    close: async () => undefined,
  };
}

export interface QueryPoolOptions {
  repos: { name: string; context: RepoContext }[];
  env: NodeJS.ProcessEnv;
  threads: number;
  /** The thread script (tests hand in one that wraps the real one). */
  script?: URL;
}

/** A pool of `threads` query threads, or the in-process runner when the compiled script is absent. */
export function startQueryPool(options: QueryPoolOptions): QueryRunner {
  const script = options.script ?? QUERY_WORKER_SCRIPT;
  if (!existsSync(fileURLToPath(script))) return inProcessQueries();
  const workerData: QueryWorkerData = { repos: options.repos, env: options.env };
  const pool = new Piscina<QueryJob, QueryReply>({
    filename: script.href,
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: Number.MAX_SAFE_INTEGER,
    // Between jobs a thread waits on its event loop (not Atomics.wait): a replica's stores
    // finish their writes there.
    atomics: 'disabled',
    workerData,
  });
  let threadFailures = 0;
  return {
    async run(repo, op, input) {
      await repo.workspace.ensureIndex();
      let reply: QueryReply;
      try {
        reply = await pool.run({ repo: repo.name, generation: repo.workspace.generation(), op, input });
      } catch (error) {
        threadFailures += 1;
        throw new CairnError('INTERNAL', `the query thread answering this ${op} request stopped`, { hint: 'retry: the thread has been replaced (the server log has the details)', cause: error });
      }
      if ('fault' in reply) throw errorOfFault(reply.fault);
      return reply.value as never;
    },
    counts: () => ({ threads: pool.threads.length, queued: pool.queueSize, completed: pool.completed, utilization: pool.utilization, threadFailures }),
    close: () => pool.destroy(),
  };
}
