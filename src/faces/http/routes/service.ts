// The service's own routes: health, Prometheus metrics and the OpenAPI document.

import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { HttpEnv } from '../app.js';
import type { HttpMetrics } from '../metrics.js';
import type { RouteDeps } from './common.js';

const started = Date.now();

export function registerServiceRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps & { metrics: HttpMetrics; version: string; authenticated: boolean }): void {
  const health = createRoute({
    method: 'get',
    path: '/health',
    summary: 'Whether the server answers, and the state of each repository index',
    tags: ['service'],
    responses: {
      200: {
        description: 'Serving',
        content: {
          'application/json': {
            schema: z.object({ status: z.string(), version: z.string(), uptime_seconds: z.number(), repos: z.array(z.record(z.string(), z.unknown())) }).openapi('Health'),
          },
        },
      },
    },
  });
  app.openapi(health, (c) =>
    c.json({
      status: deps.served.repos.every((repo) => repo.workspace.status().state === 'ready') ? 'ok' : 'indexing',
      version: deps.version,
      uptime_seconds: Math.round((Date.now() - started) / 1000),
      repos: deps.served.repos.map((repo) => ({ ...repo.workspace.status(), watching: repo.live !== null })),
    }),
  );

  app.get('/metrics', async (c) => c.body(await deps.metrics.registry.metrics(), 200, { 'content-type': deps.metrics.registry.contentType }));

  if (deps.authenticated) app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'cairn', version: deps.version, description: 'A context engine for LLM coding agents: ranked code, within a token budget, with the reason for every item.' },
    ...(deps.authenticated ? { security: [{ bearer: [] }] } : {}),
  });
}
