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
import type { RepoContext } from '../config/repo-context.js';
import { CairnError, errorOfFault, type ThreadFault } from '../core/errors.js';
import type { RepoHandle } from '../operations/handle.js';
import type { ServedRepo } from './live.js';
import type { ForwardedRecord } from './forwarded-records.js';

/** The operations a pool runs, by name: each over a leased index state, plain data in and out (a face's table: faces/http/operations.ts). */
export type OperationTable = Record<string, (handle: RepoHandle, input: never) => Promise<unknown>>;

export interface QueryWorkerData {
  repos: { name: string; context: RepoContext }[];
  env: NodeJS.ProcessEnv;
}

export interface QueryJob {
  repo: string;
  generation: number;
  op: string;
  input: unknown;
  /** Set for a repository this server does not serve: the thread reads it from this checkout (`repo` and `generation` unused). */
  checkout?: CheckoutRef;
}

/** A published repository's generations checked out under `cacheDir` by the main thread (a shared store's cache). */
export interface CheckoutRef {
  cacheDir: string;
  repository: string;
}

/**
 * The answer, or the error as plain data (a structured clone keeps no class); with the
 * writes the thread handed back for the main thread to make (a shared store: forwarded-records.ts).
 */
export type QueryReply = ({ value: unknown } | { fault: ThreadFault }) & { records?: ForwardedRecord[] };

export interface PoolCounts {
  threads: number;
  queued: number;
  completed: number;
  /** Share of the pool's capacity in use since it started (0–1). */
  utilization: number;
  /** Requests that failed because their thread stopped. */
  threadFailures: number;
}

export interface QueryRunner<T extends OperationTable = OperationTable> {
  /**
   * Runs `op` over the repository's current state. Calls given the same `turn` key (a
   * conversation id) run one after another: the pool may hand them to different threads.
   */
  run<N extends keyof T & string>(repo: ServedRepo, op: N, input: Parameters<T[N]>[1], turn?: string): Promise<Awaited<ReturnType<T[N]>>>;
  /**
   * Runs `op` over a published repository this server does not serve, which the caller
   * checked out under `checkout.cacheDir` (a thread reads the checkout, never the database);
   * absent when the operations run in this thread.
   */
  runOnCheckout?(checkout: CheckoutRef, op: keyof T & string, input: unknown): Promise<unknown>;
  /** Null when the operations run in this thread. */
  counts(): PoolCounts | null;
  close(): Promise<void>;
}

/** In this thread an operation that needs a turn takes it itself (the handle's inTurn). */
export function inProcessQueries<T extends OperationTable>(operations: T): QueryRunner<T> {
  return {
    run: (repo, op, input) => repo.workspace.use((view) => (operations[op] as (handle: RepoHandle, input: unknown) => Promise<never>)(view, input)),
    counts: () => null,
    close: async () => undefined,
  };
}

export interface QueryPoolOptions<T extends OperationTable> {
  repos: { name: string; context: RepoContext }[];
  env: NodeJS.ProcessEnv;
  threads: number;
  /** The operations the threads run (the thread script runs the same table). */
  operations: T;
  /** The thread script (the composition root's, app/query-worker.ts; tests hand in one that wraps it). */
  script: URL;
}

/** A pool of `threads` query threads, or the in-process runner when the compiled script is absent. */
export function startQueryPool<T extends OperationTable>(options: QueryPoolOptions<T>): QueryRunner<T> {
  const script = options.script;
  if (!existsSync(fileURLToPath(script))) return inProcessQueries(options.operations);
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
  const onPool = async (job: QueryJob): Promise<QueryReply> => {
    try {
      return await pool.run(job);
    } catch (error) {
      threadFailures += 1;
      throw new CairnError('INTERNAL', `the query thread answering this ${job.op} request stopped`, { hint: 'retry: the thread has been replaced (the server log has the details)', cause: error });
    }
  };
  return {
    async run(repo, op, input, turn) {
      const onThread = async (): Promise<never> => {
        await repo.workspace.ensureIndex();
        // As a lease in this thread would: a newer state another process made is adopted here
        // first (on a shared store, checked out: the threads read what this thread checked out).
        repo.workspace.checkExternal();
        const reply = await onPool({ repo: repo.name, generation: repo.workspace.generation(), op, input });
        // Stored before the request is answered, as the run's own flush would have stored them.
        if (reply.records !== undefined && reply.records.length > 0) repo.workspace.writeForwarded(reply.records);
        if ('fault' in reply) throw errorOfFault(reply.fault);
        return reply.value as never;
      };
      // Each thread keeps its own turns: the one that counts across threads is this one.
      return turn === undefined ? onThread() : repo.workspace.inTurn(turn, onThread);
    },
    async runOnCheckout(checkout, op, input) {
      const reply = await onPool({ repo: checkout.repository, generation: 0, op, input, checkout });
      if ('fault' in reply) throw errorOfFault(reply.fault);
      return reply.value;
    },
    counts: () => ({ threads: pool.threads.length, queued: pool.queueSize, completed: pool.completed, utilization: pool.utilization, threadFailures }),
    close: () => pool.destroy(),
  };
}

/**
 * Each call to the pool or to this thread, as `onPool` says (a shared store: the operations
 * that read its shared state stay on the main thread, the only one that reaches it).
 */
export function routedQueries<T extends OperationTable>(
  pool: QueryRunner<T>,
  here: QueryRunner<T>,
  onPool: (repo: ServedRepo, op: keyof T & string, input: unknown) => boolean,
): QueryRunner<T> {
  return {
    run: (repo, op, input, turn) => (onPool(repo, op, input) ? pool.run(repo, op, input, turn) : here.run(repo, op, input, turn)),
    ...(pool.runOnCheckout ? { runOnCheckout: pool.runOnCheckout } : {}),
    counts: () => pool.counts(),
    close: () => pool.close(),
  };
}
