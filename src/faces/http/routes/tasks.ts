// The task pipeline as `cairn retrieve`, `cairn refine` and `cairn explain` run it: a task
// id to refine and explain later; never cached (each call is a run, logged).

import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { explainTaskRuns } from '../../../operations/explain.js';
import type { HttpEnv } from '../app.js';
import { contextAnswer, explainQuery, openAnswer, refineBody, repoTaskParams, retrieveBody, taskParams } from '../schemas.js';
import { ERROR_RESPONSES, postRoute, reply, replyPooled, type RouteDeps } from './common.js';

const TAG = 'tasks';

export function registerTaskRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  app.openapi(postRoute('/retrieve', 'Run the retrieval pipeline for a task (a new run, logged, refinable)', retrieveBody, contextAnswer, TAG, 'retrieve'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return replyPooled(c, deps, { route: 'retrieve', repo, request, cacheable: false }, 'context', request) as never;
  });

  app.openapi(postRoute('/refine', "Re-run a task with what its package lacked", refineBody, contextAnswer, TAG, 'refine'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return replyPooled(c, deps, { route: 'refine', repo, request, cacheable: false }, 'refine', request) as never;
  });

  const explain = async (c: Context, repo: string | undefined, taskId: string, run: string | undefined): Promise<Response> =>
    reply(c, deps, { route: 'explain', repo, request: { taskId, run }, cacheable: false }, (repo) => explainTaskRuns(repo, { taskId, run }));

  app.openapi(explainRoute('/tasks/{task_id}/explain', taskParams, 'explainTask'), async (c) => {
    const { task_id } = c.req.valid('param');
    return explain(c, undefined, task_id, c.req.valid('query').run) as never;
  });
  app.openapi(explainRoute('/repos/{repo}/tasks/{task_id}/explain', repoTaskParams, 'explainTaskOfRepo'), async (c) => {
    const { task_id, repo } = c.req.valid('param');
    return explain(c, repo, task_id, c.req.valid('query').run) as never;
  });
}

function explainRoute<P extends typeof taskParams>(path: string, params: P, operationId: string) {
  return createRoute({
    method: 'get',
    path,
    operationId,
    summary: "Every decision of a task's runs: considered, kept or dropped and why, and what the budget did",
    tags: [TAG],
    request: { params, query: explainQuery },
    responses: { 200: { description: 'The explanation', content: { 'application/json': { schema: openAnswer('Explanation') } } }, ...ERROR_RESPONSES },
  });
}
