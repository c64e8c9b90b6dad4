// What every route does around its one application call: find the repository the request
// names, lease its current index, answer — through the result cache when the route is
// read-only — as JSON.

import type { Context } from 'hono';
import type { RepoHandle } from '../../../operations/handle.js';
import type { ServedRepo, ServeSet } from '../../../serve/live.js';
import { NotFoundError, UsageError } from '../../../core/errors.js';
import type { Logger } from '../../../logging/logger.js';
import { errorBody } from '../errors.js';
import { existsInRepository } from '../../../operations/on-disk.js';
import type { ResultCache } from '../cache.js';
import { errorSchema } from '../schemas.js';
import type { Admission } from '../admission.js';
import type { OperationInput, OperationName, OPERATIONS } from '../operations.js';
import type { QueryRunner } from '../../../serve/query-pool.js';
import { firstOf, searchRepositories, type AcrossAnswer, type SearchableRepositories } from '../../../operations/search-across.js';
import { createRoute, z } from '@hono/zod-openapi';

export interface RouteDeps {
  served: ServeSet;
  cache: ResultCache;
  logger: Logger;
  /** Bounds the heavy requests in work (HEAVY_ROUTES); cache hits and cheap lookups pass by it. */
  admission: Admission;
  /** Where pooled operations run (query threads, or this thread). */
  queries: QueryRunner<typeof OPERATIONS>;
  /** The repositories of the served repositories' PostgreSQL store, searched by `repos` besides the served ones (none on the embedded store). */
  published?: SearchableRepositories | undefined;
}

/** Routes whose work is a ranking, a pipeline run or a graph walk: admitted through `admission`. */
const HEAVY_ROUTES = new Set(['search', 'context', 'retrieve', 'refine', 'hydrate', 'diagnose', 'similar', 'graph', 'impact']);

export function servedRepo(served: ServeSet, name: string | undefined): ServedRepo {
  if (name === undefined) {
    if (served.repos.length === 1) return served.repos[0]!;
    throw new UsageError(`this server serves ${served.repos.length} repositories: name one with "repo"`, { hint: `one of ${served.repos.map((repo) => repo.name).join(', ')}` });
  }
  const repo = served.byName(name);
  if (repo === undefined) throw new NotFoundError(`no repository named "${name}" is served here`, { hint: `served: ${served.repos.map((entry) => entry.name).join(', ')}` });
  return repo;
}

export interface Reply {
  route: string;
  repo: string | undefined;
  /** The validated request, as the cache key (without the repository name). */
  request: unknown;
  cacheable: boolean;
  /** The repository files a cacheable answer names (checked on every cache hit). */
  paths?: (answer: never) => string[];
  /** Requests with the same turn key (a conversation id) run one after another, whichever thread answers them. */
  turn?: string;
}

export async function reply(c: Context, deps: RouteDeps, what: Reply, work: (repo: RepoHandle) => Promise<unknown> | unknown): Promise<Response> {
  return answer(c, deps, what, (repo) => repo.workspace.use(work));
}

/** As `reply`, for an operation that may run on a query thread (operations.ts). */
export async function replyPooled<N extends OperationName>(c: Context, deps: RouteDeps, what: Reply, op: N, input: OperationInput<N>): Promise<Response> {
  return answer(c, deps, what, (repo) => deps.queries.run(repo, op, input, what.turn));
}

/**
 * One search over several repositories (`"*"`: all), admitted as one heavy request: the
 * served ones (also by their name in the store), each on a query thread, then those of the
 * store this server does not serve; rows merged by score (operations/search-across.ts).
 */
export async function searchAcross(deps: RouteDeps, names: '*' | string[], input: OperationInput<'search'>): Promise<AcrossAnswer> {
  const served: SearchableRepositories = {
    names: () => deps.served.repos.map((repo) => repo.name),
    has: (name) => servedAs(deps.served, name) !== undefined,
    search: (name, asked) => deps.queries.run(servedAs(deps.served, name)!, 'search', asked),
  };
  const repositories = deps.published === undefined ? served : firstOf(served, deps.published);
  return deps.admission.run('search', () => searchRepositories(repositories, names, input));
}

function servedAs(served: ServeSet, name: string): ServedRepo | undefined {
  return served.byName(name) ?? served.repos.find((repo) => repo.workspace.context.store?.repository === name);
}

async function answer(c: Context, deps: RouteDeps, what: Reply, work: (repo: ServedRepo) => Promise<unknown>): Promise<Response> {
  const repo = servedRepo(deps.served, what.repo);
  const compute = (): Promise<unknown> => (HEAVY_ROUTES.has(what.route) ? deps.admission.run(what.route, () => work(repo)) : work(repo));
  if (!what.cacheable) return c.json(await compute());
  await repo.workspace.ensureIndex();
  const root = repo.workspace.context.root;
  const { json, hit } = await deps.cache.through(
    { repo: repo.name, generation: repo.workspace.generation(), route: what.route, request: what.request },
    async () => {
      const value = await compute();
      return { value, paths: what.paths ? what.paths(value as never) : [] };
    },
    (paths) => paths.every((path) => existsInRepository(root, path)),
  );
  return c.body(json, 200, { 'content-type': 'application/json; charset=UTF-8', 'x-cache': hit ? 'hit' : 'miss' });
}

/** The error answers every route documents. */
export const ERROR_RESPONSES = {
  400: errorResponse('Invalid request: a field, value or combination is not accepted'),
  401: errorResponse('Missing or wrong bearer token'),
  403: errorResponse('A server without a token answers only requests that name a loopback host; a write from another site is refused'),
  404: errorResponse('No such repository, file, symbol, task, episode or entity'),
  408: errorResponse('The request line, headers or body did not arrive in time (answered by the connection, before the route)'),
  409: errorResponse('Conflicts with what memory recorded: an episode id taken, or the conversation moved on meanwhile'),
  413: errorResponse('Request body too large'),
  415: errorResponse('The body is not sent as JSON (Content-Type: application/json)'),
  431: errorResponse('Request line and headers too large (answered by the connection, before the route)'),
  422: errorResponse('The token budget cannot be met'),
  503: errorResponse('Busy (too many requests in work or waiting: retry after the Retry-After seconds), no complete index yet, or no answer within the time limit'),
  500: errorResponse('Internal error (details in the server log)'),
  502: errorResponse('The configured model provider is unreachable or answered badly'),
} as const;

function errorResponse(description: string) {
  return {
    description,
    content: { 'application/json': { schema: errorSchema } },
  };
}

/** What every route may answer before its own work: who may call (auth.ts), and whether the request arrived whole and in time (connection-limits.ts). */
export const ACCESS_RESPONSES = { 401: ERROR_RESPONSES[401], 403: ERROR_RESPONSES[403], 408: ERROR_RESPONSES[408], 431: ERROR_RESPONSES[431] } as const;

/**
 * A POST route taking `body` and answering `answer` (JSON). `operationId` is the method
 * name a client generated from the OpenAPI document gives the route.
 */
export function postRoute<B extends z.ZodType, A extends z.ZodType>(path: string, summary: string, body: B, answer: A, tag: string, operationId: string) {
  return createRoute({
    method: 'post',
    path,
    operationId,
    summary,
    tags: [tag],
    request: { body: { content: { 'application/json': { schema: body } }, required: true } },
    responses: { 200: { description: summary, content: { 'application/json': { schema: answer } } }, ...ERROR_RESPONSES },
  });
}

/** For the error helper's users that build a reply by hand. */
export { errorBody };
