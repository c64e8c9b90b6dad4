// The service's own routes: health, Prometheus metrics and the OpenAPI document.

import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { HttpEnv } from '../app.js';
import type { HttpMetrics } from '../metrics.js';
import { ACCESS_RESPONSES, type RouteDeps } from './common.js';

const started = Date.now();

export function registerServiceRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps & { metrics: HttpMetrics; version: string; authenticated: boolean }): void {
  const health = createRoute({
    method: 'get',
    path: '/health',
    operationId: 'health',
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
      ...ACCESS_RESPONSES,
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

  // The scheme is described whether or not this server was given a token, so that a client
  // generated from a loopback server can send one to a server that requires it.
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token given to `cairn serve --token` (or CAIRN_TOKEN), on every request; a server started without one accepts requests without it (loopback only)',
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'cairn',
      version: deps.version,
      description: 'A context engine for LLM coding agents: ranked code, within a token budget, with the reason for every item.',
      // `identifier` (an SPDX id) is OpenAPI 3.1's; the library types the licence as 3.0's.
      license: { name: 'MIT', identifier: 'MIT' } as { name: string },
    },
    // Relative: the API is served from the root of the address this document came from.
    servers: [{ url: '/', description: 'The cairn serve instance that served this document' }],
    // This server's own rule: the bearer token when it has one, else nothing (an empty requirement).
    security: deps.authenticated ? [{ bearer: [] }] : [{}, { bearer: [] }],
  });
}
