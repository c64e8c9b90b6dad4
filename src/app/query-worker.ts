// A query thread of `cairn serve` (run by piscina, see serve/query-pool.ts): it opens each served
// repository as a replica Workspace — its own pinned reader, raw log, sessions and token
// counter; never an index run — and answers the operations it is sent. On a shared store it
// reads the generation the main thread checked out and hands its writes back with each
// reply (thread-stores.ts). A job carries the
// generation the main thread answers from; the thread moves to the newest complete state
// when the job's is newer than the one it last moved for, so it never answers from an
// older state than the main thread would. A job naming a checkout is a search of a published
// repository the server does not serve, read from the checkout the main thread made
// (published-search.ts).

import { workerData } from 'piscina';
import { faultOf, NotFoundError } from '../core/errors.js';
import type { RepoHandle } from '../operations/handle.js';
import { OPERATIONS } from '../faces/http/operations.js';
import { silentLogging } from '../logging/logger.js';
import { inProcessFitter } from '../retrieval/budget/fit-service.js';
import type { CheckoutRef, QueryJob, QueryReply, QueryWorkerData } from '../serve/query-pool.js';
import type { SearchInput } from '../operations/search.js';
import { searchCheckout } from './published-search.js';
import { Workspace } from '../serve/workspace.js';
import { createO200kCounter, type TokenCounter } from '../tokenizer/tokens.js';
import { serveWiring } from './serve.js';
import type { ServeWiring } from '../serve/wiring.js';
import { RecordCollector, type ForwardedRecord } from '../serve/forwarded-records.js';
import { threadStoresOf } from './thread-stores.js';

interface Replica {
  workspace: Workspace;
  /** The newest generation this thread moved for. */
  seen: number;
}

const data = workerData as QueryWorkerData;
/** What this thread's runs write to a shared store, handed back with each reply (one job at a time). */
const collector = new RecordCollector();
const wiring: ServeWiring = {
  ...serveWiring,
  stores: (context) => threadStoresOf(context, collector),
  openOrExplain: (context) => (context.store === undefined ? serveWiring.openOrExplain(context) : threadStoresOf(context, collector).reader()),
  openCompleteReader: async (context) => (context.store === undefined ? serveWiring.openCompleteReader(context) : threadStoresOf(context, collector).reader()),
};
const logger = silentLogging().logger;
let counter: TokenCounter | null = null;
const replicas = new Map<string, Promise<Replica>>();

function replicaOf(name: string): Promise<Replica> {
  let replica = replicas.get(name);
  if (replica === undefined) {
    const repo = data.repos.find((entry) => entry.name === name);
    if (repo === undefined) return Promise.reject(new NotFoundError(`no repository named "${name}" in this query thread`));
    const fitter = inProcessFitter((counter ??= createO200kCounter()));
    replica = Workspace.open(repo.context, { name, logger, fitter, env: data.env, wiring, replica: true }).then((workspace) => ({ workspace, seen: 0 }));
    replica.catch(() => replicas.delete(name)); // tried again by the next job
    replicas.set(name, replica);
  }
  return replica;
}

/** A search of a repository this server does not serve (the only operation such a job carries). */
async function answerOnCheckout(job: QueryJob & { checkout: CheckoutRef }): Promise<QueryReply> {
  try {
    if (job.op !== 'search') throw new NotFoundError(`no operation named "${job.op}" on a repository this server does not serve`);
    return { value: await searchCheckout(job.checkout, job.input as SearchInput) };
  } catch (error) {
    return { fault: faultOf(error, `${job.op} of ${job.checkout.repository} on a query thread`) };
  }
}

export default async function answer(job: QueryJob): Promise<QueryReply> {
  if (job.checkout !== undefined) return answerOnCheckout({ ...job, checkout: job.checkout });
  try {
    const replica = await replicaOf(job.repo);
    if (job.generation > replica.seen) {
      replica.workspace.adoptLatest();
      replica.seen = job.generation;
    }
    if (!Object.hasOwn(OPERATIONS, job.op)) throw new NotFoundError(`no operation named "${job.op}" in this query thread`);
    const operation = OPERATIONS[job.op as keyof typeof OPERATIONS] as (handle: RepoHandle, input: unknown) => Promise<unknown>;
    const value = await replica.workspace.use((view) => operation(view, job.input));
    return { value, ...written() };
  } catch (error) {
    return { fault: faultOf(error, `${job.op} on a query thread`), ...written() };
  }
}

function written(): { records?: ForwardedRecord[] } {
  const records = collector.take();
  return records.length > 0 ? { records } : {};
}
