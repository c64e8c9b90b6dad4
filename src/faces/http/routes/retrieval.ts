// The design's retrieval API: search, assembled context, similarity and the graph around a
// node; and, as the MCP tools have them, a symbol's current code and what depends on it.

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { SearchAnswer } from '../../../operations/search.js';
import { readCode, type Impact, type Similarity } from '../../../operations/targets.js';
import type { HttpEnv } from '../app.js';
import { contextAnswer, contextBody, graphBody, impactBody, openAnswer, searchAnswer, searchBody, similarBody, symbolBody } from '../schemas.js';
import { postRoute, reply, replyPooled, searchAcross, type RouteDeps } from './common.js';

const TAG = 'retrieval';

export function registerRetrievalRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  app.openapi(postRoute('/retrieval/search', 'Ranked files, symbols or doc sections for a query', searchBody, searchAnswer, TAG, 'search'), async (c) => {
    const { repo, repos, ...request } = c.req.valid('json');
    const input = {
      query: request.query,
      limit: request.limit,
      kind: request.kind,
      mode: request.mode,
      paths: request.filters?.paths,
      languages: request.filters?.languages,
      includeTests: request.filters?.include_tests,
      signals: request.signals,
    };
    if (repos !== undefined) return c.json(await searchAcross(deps, repos, input));
    return replyPooled(c, deps, { route: 'search', repo, request, cacheable: true, paths: (answer: SearchAnswer) => answer.results.map((row) => row.path) }, 'search', input) as never;
  });

  app.openapi(postRoute('/retrieval/context', 'The context package a task needs, within a token budget', contextBody, contextAnswer, TAG, 'getContext'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    // Cached as JSON only: that form names its paths, which a cache hit checks are still there.
    return replyPooled(c, deps, { route: 'context', repo, request, cacheable: request.format === 'json', paths: contextPaths }, 'context', request) as never;
  });

  app.openapi(postRoute('/retrieval/similar', 'The files (or symbols) most similar to a file or symbol', similarBody, openAnswer('Similarity'), TAG, 'similar'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return replyPooled(c, deps, { route: 'similar', repo, request, cacheable: true, paths: (answer: Similarity) => answer.results.map((item) => item.path) }, 'similar', request) as never;
  });

  app.openapi(postRoute('/retrieval/graph', 'The neighbourhood of a file or symbol: imports, references, co-change, docs', graphBody, openAnswer('Neighbourhood'), TAG, 'graph'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return replyPooled(c, deps, { route: 'graph', repo, request, cacheable: true, paths: (answer: { nodes: { path: string }[] }) => answer.nodes.map((node) => node.path) }, 'graph', request) as never;
  });

  app.openapi(postRoute('/retrieval/impact', 'What depends on a file or symbol: importers and referrers, with chains', impactBody, openAnswer('Impact'), TAG, 'impact'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return replyPooled(c, deps, { route: 'impact', repo, request, cacheable: true, paths: (answer: Impact) => [...answer.dependents, ...answer.tests].map((entry) => entry.path) }, 'impact', request) as never;
  });

  app.openapi(postRoute('/retrieval/symbol', "A symbol's or a file range's current code", symbolBody, openAnswer('Code'), TAG, 'readSymbol'), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'symbol', repo, request, cacheable: false }, (view) => readCode(view, { target: request.target, startLine: request.start_line, endLine: request.end_line })) as never;
  });
}

function contextPaths(answer: { package?: { items?: { path: string }[] } }): string[] {
  return (answer.package?.items ?? []).map((item) => item.path);
}
