// Overview routes: what the web page (and any client) needs to find its way around a
// served repository — the repositories and their index state (`GET /repos`), a repository's
// recent tasks from the raw log, its conversations from episode memory, its remembered
// failures, and the edges among a set of files (a package's graph). Read-only; the lists
// are never cached (they grow with every run), the edges are (they change with the index).

import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { RepoHandle } from '../../../operations/handle.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { recentConversations } from '../../../operations/conversations.js';
import { edgesAmong, type LinksAnswer } from '../../../operations/edges.js';
import { rememberedFailures } from '../../../operations/failures.js';
import { repositoryOverview } from '../../../operations/overview.js';
import { recentTasks } from '../../../operations/runs.js';
import { FILE_RELATIONS } from '../../../operations/targets.js';
import type { HttpEnv } from '../app.js';
import { conversationsAnswer, edgesAnswer, edgesBody, failuresAnswer, listQuery, repoOnlyParams, reposAnswer, tasksAnswer } from '../overview-schemas.js';
import { ACCESS_RESPONSES, ERROR_RESPONSES, postRoute, reply, type RouteDeps } from './common.js';

const TAG = 'overview';

export function registerOverviewRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  const repos = createRoute({
    method: 'get',
    path: '/repos',
    operationId: 'listRepos',
    summary: 'The served repositories: index state, what each index holds (files by language, symbols, edges), the live index',
    tags: [TAG],
    responses: { 200: { description: 'The served repositories', content: { 'application/json': { schema: reposAnswer } } }, ...ACCESS_RESPONSES, 500: ERROR_RESPONSES[500] },
  });
  app.openapi(repos, async (c) => {
    const answers = await Promise.all(
      deps.served.repos.map(async (repo) => {
        const status = repo.workspace.status();
        const index = status.state === 'ready' ? await repo.workspace.use(repositoryOverview) : null;
        return snakeKeys({ name: repo.name, state: status.state, generation: status.generation, indexedAt: status.indexedAt, refreshing: status.refreshing, watching: repo.live !== null, lastRefresh: status.lastRefresh, index });
      }),
    );
    return c.json({ repos: answers } as never);
  });

  listRoute(app, deps, 'tasks', 'listTasks', "A repository's recent tasks (newest first) and their runs, from the raw log", tasksAnswer, (view, limit) => ({ tasks: recentTasks(view, limit) }));
  listRoute(app, deps, 'conversations', 'listConversations', "A repository's conversations (newest first), each with its recent episodes in order", conversationsAnswer, (view, limit) => ({
    conversations: recentConversations(view, limit),
  }));
  listRoute(app, deps, 'failures', 'listFailures', "A repository's remembered failures with their resolutions, most recent first (cairn failures list)", failuresAnswer, rememberedFailures);

  app.openapi(postRoute('/retrieval/edges', 'Imports, references, co-change and doc mentions among the given files', edgesBody, edgesAnswer, 'retrieval', 'edgesAmong'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'edges', repo, request, cacheable: true, paths: (answer: LinksAnswer) => answer.edges.flatMap((edge) => [edge.from, edge.to]) }, (view) =>
      edgesAmong(view, request.paths, request.relations ?? FILE_RELATIONS),
    ) as never;
  });
}

/** `GET /repos/{repo}/<name>?limit=N`: a list read from one repository's stores. */
function listRoute(app: OpenAPIHono<HttpEnv>, deps: RouteDeps, name: string, operationId: string, summary: string, answer: z.ZodType, read: (view: RepoHandle, limit: number) => unknown): void {
  const route = createRoute({
    method: 'get',
    path: `/repos/{repo}/${name}`,
    operationId,
    summary,
    tags: [TAG],
    request: { params: repoOnlyParams, query: listQuery },
    responses: { 200: { description: summary, content: { 'application/json': { schema: answer } } }, ...ERROR_RESPONSES },
  });
  app.openapi(route, (async (c: Context) => {
    const { repo } = (c.req as unknown as { valid(target: 'param'): { repo: string } }).valid('param');
    const { limit } = (c.req as unknown as { valid(target: 'query'): { limit: number } }).valid('query');
    return reply(c, deps, { route: `list-${name}`, repo, request: { limit }, cacheable: false }, (view) => snakeKeys(read(view, limit)));
  }) as never);
}
