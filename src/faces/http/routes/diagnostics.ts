// Diagnostics' route: `POST /diagnose` judges a failing run's handoff bundle and, when it is
// escalated (or `always`), gathers the evidence under the priority's caps — `cairn diagnose
// --json` over HTTP. Never cached: each call is a diagnosis recorded in the raw log.

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { HttpEnv } from '../app.js';
import { diagnoseBody, openAnswer } from '../schemas.js';
import { postRoute, replyPooled, type RouteDeps } from './common.js';

export function registerDiagnosticsRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  const summary = "Whether a failing run's handoff needs escalation, how urgently, and the evidence from its artifacts, the repository and past failures";
  app.openapi(postRoute('/diagnose', summary, diagnoseBody, openAnswer('Diagnosis'), 'diagnostics', 'diagnose'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return replyPooled(c, deps, { route: 'diagnose', repo, request, cacheable: false }, 'diagnose', request) as never;
  });
}
