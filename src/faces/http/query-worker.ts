// A query thread of `cairn serve` (run by piscina, see query-pool.ts): it opens each served
// repository as a replica Workspace — its own pinned reader, raw log, sessions and token
// counter; never an index run — and answers the operations it is sent. A job carries the
// generation the main thread answers from; the thread moves to the newest complete state
// when the job's is newer than the one it last moved for, so it never answers from an
// older state than the main thread would.

import { workerData } from 'piscina';
import type { RepoContext } from '../../app.js';
import { Workspace } from '../../app-workspace.js';
import { faultOf, NotFoundError, type ThreadFault } from '../../core/errors.js';
import { silentLogging } from '../../logging/logger.js';
import { inProcessFitter } from '../../retrieval/budget/fit-service.js';
import { createO200kCounter, type TokenCounter } from '../../retrieval/budget/tokens.js';
import { OPERATIONS, type OperationName } from './operations.js';

export interface QueryWorkerData {
  repos: { name: string; context: RepoContext }[];
  env: NodeJS.ProcessEnv;
}

export interface QueryJob {
  repo: string;
  generation: number;
  op: OperationName;
  input: unknown;
}

/** The answer, or the error as plain data (a structured clone keeps no class). */
export type QueryReply = { value: unknown } | { fault: ThreadFault };

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
    replica = Workspace.open(repo.context, { name, logger, fitter, env: data.env, replica: true }).then((workspace) => ({ workspace, seen: 0 }));
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
    const operation = OPERATIONS[job.op] as (view: Parameters<(typeof OPERATIONS)[OperationName]>[0], input: unknown) => Promise<unknown>;
    return { value: await replica.workspace.use((view) => operation(view, job.input)) };
  } catch (error) {
    return { fault: faultOf(error, `${job.op} on a query thread`) };
  }
}
