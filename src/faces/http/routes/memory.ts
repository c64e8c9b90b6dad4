// Episode memory's routes: `POST /hydrate` records an episode of a conversation (what the
// query names, what earlier episodes showed and whether it changed since, the pipeline's
// ranking) and `GET /introspect/...` reads one back, as `cairn hydrate`, `cairn episode`,
// `cairn entity` and `cairn gates --json` print them. Never cached: a hydration writes, and
// an entity's answer checks the disk now.

import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { RepoHandle } from '../../../operations/handle.js';
import { snakeKeys } from '../../../render/snake-case.js';
import { entityOf, episodeOf, gatesOf } from '../../../operations/memory.js';
import type { HttpEnv } from '../app.js';
import { entityParams, episodeParams, hydrateBody, openAnswer, repoEntityParams, repoEpisodeParams } from '../schemas.js';
import { ERROR_RESPONSES, postRoute, reply, replyPooled, type RouteDeps } from './common.js';

const TAG = 'memory';

export function registerMemoryRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  const summary = 'An episode of a conversation: the entities it needs, what earlier episodes showed (marked when changed since), within a budget';
  app.openapi(postRoute('/hydrate', summary, hydrateBody, openAnswer('Hydration'), TAG, 'hydrate'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    // One conversation's hydrations in turn, whichever thread answers each (each numbers its episode from the last).
    return replyPooled(c, deps, { route: 'hydrate', repo, request, cacheable: false, turn: request.conversation_id }, 'hydrate', request) as never;
  });

  introspect(app, deps, 'hydration/{episode_id}', "An episode's blocks in order, what the budget cut, tokens used and the budget", episodeParams, repoEpisodeParams, (view, params) => episodeOf(view, params.episode_id!));
  introspect(app, deps, 'entity/{entity_key}', "An entity's state and artifact, whether it still holds on disk (checked now), its state history, gate evaluations and hydrations", entityParams, repoEntityParams, (view, params) =>
    entityOf(view, params.entity_key!),
  );
  introspect(app, deps, 'gates/{episode_id}', "Gates A (structural), B (authority) and C (fresh) for each entity of an episode, the decision and each version's state now", episodeParams, repoEpisodeParams, (view, params) =>
    gatesOf(view, params.episode_id!),
  );
}

type Params = { episode_id?: string; entity_key?: string; repo?: string };

/** A read of recorded memory at `/introspect/<path>`, and at `/repos/{repo}/introspect/<path>` for a server of several repositories. */
function introspect(
  app: OpenAPIHono<HttpEnv>,
  deps: RouteDeps,
  path: string,
  summary: string,
  params: z.ZodObject,
  repoParams: z.ZodObject,
  read: (repo: RepoHandle, params: Params) => unknown,
): void {
  const name = path.slice(0, path.indexOf('/'));
  const title = `${name[0]!.toUpperCase()}${name.slice(1)}`;
  for (const [prefix, schema, operationId] of [['', params, `get${title}`], ['/repos/{repo}', repoParams, `get${title}OfRepo`]] as const) {
    const route = createRoute({
      method: 'get',
      path: `${prefix}/introspect/${path}`,
      operationId,
      summary,
      tags: [TAG],
      request: { params: schema },
      responses: { 200: { description: summary, content: { 'application/json': { schema: openAnswer(`Introspect${title}`) } } }, ...ERROR_RESPONSES },
    });
    app.openapi(route, (async (c: Context) => {
      const given = (c.req as unknown as { valid(target: 'param'): Params }).valid('param');
      return reply(c, deps, { route: `introspect-${name}`, repo: given.repo, request: given, cacheable: false }, (view) => snakeKeys(read(view, given)));
    }) as never);
  }
}
