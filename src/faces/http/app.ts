// The HTTP API of `cairn serve` (Hono): every request gets an id (X-Request-Id, echoed),
// is authorised (auth.ts), bounded in size, time and nesting depth, validated against the zod schemas
// that also make the OpenAPI document, answered by one application function, logged
// (ids, route, status, time — never bodies) and counted (metrics.ts). Errors are JSON
// `{error: {code, message, hint}}` with a status chosen by the error's type. Heavy
// requests pass admission control (admission.ts: 503 + Retry-After when too busy) and
// run on query threads (query-pool.ts), so the main thread keeps answering at once.
//
// Routes live in routes/, one module per part of the engine: retrieval, tasks, episode
// memory (`/hydrate`, `/introspect/...`), diagnostics (`/diagnose`), the service's own.

import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { timeout } from 'hono/timeout';
import { describeConfigIssues } from '../../config/issues.js';
import { Admission, OverloadedError } from './admission.js';
import { bearerAuth } from './auth.js';
import { crossSiteGuard } from './cross-site.js';
import { ResultCache } from './cache.js';
import { answerFor, errorBody } from './errors.js';
import { jsonDepthLimit } from './json-depth-limit.js';
import { createMetrics } from './metrics.js';
import { OPERATIONS } from './operations.js';
import { inProcessQueries } from '../../serve/query-pool.js';
import { registerAuthorityRoutes } from './routes/authority.js';
import { registerDiagnosticsRoutes } from './routes/diagnostics.js';
import { registerMemoryRoutes } from './routes/memory.js';
import { registerOverviewRoutes } from './routes/overview.js';
import { registerRetrievalRoutes } from './routes/retrieval.js';
import { registerServiceRoutes } from './routes/service.js';
import { registerTaskRoutes } from './routes/tasks.js';
import type { HttpOptions } from './types.js';
import { isWebPagePath, registerWebPage } from '../web/routes.js';

export type HttpEnv = { Variables: { requestId: string } };

class RequestTimeout extends HTTPException {}

export interface HttpApp {
  app: OpenAPIHono<HttpEnv>;
  cache: ResultCache;
}

export function createHttpApp(options: HttpOptions): HttpApp {
  const cache = new ResultCache(options.cache);
  for (const repo of options.served.repos) repo.workspace.onGeneration(() => cache.invalidate(repo.name));
  const queries = options.queries ?? inProcessQueries(OPERATIONS);
  const admission = new Admission(options.admission, (route, seconds) => metrics.observeWait(route, seconds));
  const metrics = createMetrics(options.served, cache, { admission, queries });
  const app = new OpenAPIHono<HttpEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issues = describeConfigIssues(result.error, (result as { data?: unknown }).data);
      return c.json(errorBody('INVALID_REQUEST', `invalid ${result.target === 'json' ? 'body' : result.target}: ${issues}`, 'see GET /openapi.json for the accepted fields'), 400);
    },
  });

  app.use(requestId({ limitLength: 128 }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.routePath === '/*' || c.req.routePath === '*' ? 'unmatched' : c.req.routePath;
    metrics.observe(route, c.req.method, c.res.status, seconds);
    const level = c.res.status >= 500 ? 'warn' : 'info';
    options.logger[level]({ requestId: c.get('requestId'), method: c.req.method, path: c.req.path, route, status: c.res.status, ms: Math.round(seconds * 1000), ...(c.res.headers.get('x-cache') ? { cache: c.res.headers.get('x-cache') } : {}) }, 'request');
  });
  app.use(bearerAuth(options.token, isWebPagePath));
  app.use(crossSiteGuard());
  app.use(
    bodyLimit({
      maxSize: options.bodyLimitBytes,
      onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', `request body over ${options.bodyLimitBytes} bytes`, 'send a shorter task (serve.bodyLimitBytes sets the limit)'), 413),
    }),
  );
  app.use(timeout(options.timeoutMs, () => new RequestTimeout(503, { message: `no answer within ${options.timeoutMs} ms` })));
  app.use(jsonDepthLimit());

  const deps = { served: options.served, cache, logger: options.logger, admission, queries, published: options.published };
  registerRetrievalRoutes(app, deps);
  registerTaskRoutes(app, deps);
  registerMemoryRoutes(app, deps);
  registerDiagnosticsRoutes(app, deps);
  registerOverviewRoutes(app, deps);
  registerAuthorityRoutes(app, deps);
  registerWebPage(app, { tokenRequired: options.token !== null, version: options.version, ...(options.webAssets !== undefined ? { assets: options.webAssets } : {}) });
  registerServiceRoutes(app, { ...deps, metrics, version: options.version, authenticated: options.token !== null });

  app.notFound((c) => c.json(errorBody('ROUTE_NOT_FOUND', `no route ${c.req.method} ${c.req.path}`, 'GET /openapi.json lists the routes'), 404));
  app.onError((error, c) => {
    if (error instanceof OverloadedError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorBody('OVERLOADED', error.message, `retry after ${error.retryAfterSeconds} s (serve.concurrency, serve.queueLength and serve.queueWaitMs set the bounds)`), 503);
    }
    if (error instanceof RequestTimeout) return c.json(errorBody('TIMEOUT', error.message, 'retry; serve.timeoutMs sets the limit'), 503);
    if (error instanceof HTTPException) return c.json(errorBody('INVALID_REQUEST', error.message || 'bad request', 'send a JSON body (Content-Type: application/json)'), error.status === 413 ? 413 : 400);
    const { status, body } = answerFor(error);
    if (status >= 500) options.logger.error({ requestId: c.get('requestId'), err: error }, 'request failed');
    return c.json(body, status);
  });
  return { app, cache };
}
