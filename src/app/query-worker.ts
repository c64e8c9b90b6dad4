// A query thread of `cairn serve` (run by piscina, see serve/query-pool.ts): it opens each served
// repository as a replica Workspace — its own pinned reader, raw log, sessions and token
// counter; never an index run — and answers the operations it is sent. A job carries the
// generation the main thread answers from; the thread moves to the newest complete state
// when the job's is newer than the one it last moved for, so it never answers from an
// older state than the main thread would.

import { workerData } from 'piscina';
import { faultOf, NotFoundError } from '../core/errors.js';
import type { RepoHandle } from '../operations/handle.js';
import { OPERATIONS } from '../faces/http/operations.js';
import { silentLogging } from '../logging/logger.js';
import { inProcessFitter } from '../retrieval/budget/fit-service.js';
import type { QueryJob, QueryReply, QueryWorkerData } from '../serve/query-pool.js';
import { Workspace } from '../serve/workspace.js';
import { createO200kCounter, type TokenCounter } from '../tokenizer/tokens.js';
import { serveWiring } from './serve.js';

interface Replica {
  workspace: Workspace;
  /** The newest generation this thread moved for. */
  seen: number;
}

const data = workerData as QueryWorkerData;
const logger = silentLogging().logger;
let counter: TokenCounter | null = null;
const replicas = new Map<string, Promise<Replica>>();

function replicaOf(name: string): Promise<Replica> {
  let replica = replicas.get(name);
  if (replica === undefined) {
    const repo = data.repos.find((entry) => entry.name === name);
    if (repo === undefined) return Promise.reject(new NotFoundError(`no repository named "${name}" in this query thread`));
    const fitter = inProcessFitter((counter ??= createO200kCounter()));
    replica = Workspace.open(repo.context, { name, logger, fitter, env: data.env, wiring: serveWiring, replica: true }).then((workspace) => ({ workspace, seen: 0 }));
    replica.catch(() => replicas.delete(name)); // tried again by the next job
    replicas.set(name, replica);
  }
  return replica;
}

export default async function answer(job: QueryJob): Promise<QueryReply> {
  try {
    const replica = await replicaOf(job.repo);
    if (job.generation > replica.seen) {
      replica.workspace.adoptLatest();
      replica.seen = job.generation;
    }
    if (!Object.hasOwn(OPERATIONS, job.op)) throw new NotFoundError(`no operation named "${job.op}" in this query thread`);
    const operation = OPERATIONS[job.op as keyof typeof OPERATIONS] as (handle: RepoHandle, input: unknown) => Promise<unknown>;
    return { value: await replica.workspace.use((view) => operation(view, job.input)) };
  } catch (error) {
    return { fault: faultOf(error, `${job.op} on a query thread`) };
  }
}
