// Gate B's authority over HTTP: `POST /memory/approve` and `POST /memory/reject` as `cairn
// approve KEY` / `cairn reject KEY` (writes: refused to cross-site requests, cross-site.ts),
// and `GET /repos/{repo}/introspect/change/{entity_key}`: an entity's text as memory holds
// it, as the disk holds it now, and the diff. Never cached.

import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { snakeKeys } from '../../../render/snake-case.js';
import { approveEntity, entityChange, rejectEntity } from '../../../operations/authority.js';
import type { HttpEnv } from '../app.js';
import { authorityBody, repoChangeParams } from '../overview-schemas.js';
import { openAnswer } from '../schemas.js';
import { ERROR_RESPONSES, postRoute, reply, type RouteDeps } from './common.js';

const TAG = 'memory';

export function registerAuthorityRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  const approveSummary = "Approve an entity's live artifact (gate B), then evaluate its gates (cairn approve)";
  app.openapi(postRoute('/memory/approve', approveSummary, authorityBody, openAnswer('Approval'), TAG, 'approveEntity'), async (c) => {
    const { repo, entity_key } = c.req.valid('json');
    return reply(c, deps, { route: 'approve', repo, request: { entity_key }, cacheable: false }, (view) => snakeKeys(approveEntity(view, entity_key))) as never;
  });
  const rejectSummary = "Reject an entity's live artifact: it is tombstoned and gate B fails until approved (cairn reject)";
  app.openapi(postRoute('/memory/reject', rejectSummary, authorityBody, openAnswer('Rejection'), TAG, 'rejectEntity'), async (c) => {
    const { repo, entity_key } = c.req.valid('json');
    return reply(c, deps, { route: 'reject', repo, request: { entity_key }, cacheable: false }, (view) => snakeKeys(rejectEntity(view, entity_key))) as never;
  });

  const changeSummary = "An entity's text as memory holds it, as the disk holds it now, and the diff between them";
  const change = createRoute({
    method: 'get',
    path: '/repos/{repo}/introspect/change/{entity_key}',
    operationId: 'getEntityChange',
    summary: changeSummary,
    tags: [TAG],
    request: { params: repoChangeParams },
    responses: { 200: { description: changeSummary, content: { 'application/json': { schema: openAnswer('EntityChange') } } }, ...ERROR_RESPONSES },
  });
  app.openapi(change, async (c) => {
    const { repo, entity_key } = c.req.valid('param');
    return reply(c, deps, { route: 'introspect-change', repo, request: { entity_key }, cacheable: false }, (view) => snakeKeys(entityChange(view, entity_key))) as never;
  });
}
