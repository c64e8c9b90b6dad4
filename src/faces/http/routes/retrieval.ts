// The design's retrieval API: search, assembled context, similarity and the graph around a
// node; and, as the MCP tools have them, a symbol's current code and what depends on it.

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { IndexView } from '../../../app-workspace.js';
import type { RenderFormat } from '../../../core/context-package.js';
import type { TokenBudget } from '../../../retrieval/budget/limits.js';
import { DEFAULT_BUDGET } from '../../../retrieval/pipeline/settings.js';
import { FILE_RELATIONS } from '../../../search/graph/repo-graph.js';
import { getContext, type ContextAnswer } from '../../api/context.js';
import { searchCode, type SearchAnswer } from '../../api/search.js';
import type { Impact } from '../../../search/graph/impact.js';
import type { Similarity } from '../../../search/graph/similar.js';
import { graphAround, readCode, referencesOf, similarOf } from '../../api/targets.js';
import type { HttpEnv } from '../app.js';
import { contextAnswer, contextBody, graphBody, impactBody, openAnswer, searchAnswer, searchBody, similarBody, symbolBody } from '../schemas.js';
import { postRoute, reply, type RouteDeps } from './common.js';

const TAG = 'retrieval';

export function registerRetrievalRoutes(app: OpenAPIHono<HttpEnv>, deps: RouteDeps): void {
  app.openapi(postRoute('/retrieval/search', 'Ranked files, symbols or doc sections for a query', searchBody, searchAnswer, TAG), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'search', repo, request, cacheable: true, paths: (answer: SearchAnswer) => answer.results.map((row) => row.path) }, (view) =>
      searchCode(view, {
        query: request.query,
        limit: request.limit,
        kind: request.kind,
        mode: request.mode,
        paths: request.filters?.paths,
        languages: request.filters?.languages,
        includeTests: request.filters?.include_tests,
      }),
    ) as never;
  });

  app.openapi(postRoute('/retrieval/context', 'The context package a task needs, within a token budget', contextBody, contextAnswer, TAG), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    // Cached as JSON only: that form names its paths, which a cache hit checks are still there.
    return reply(c, deps, { route: 'context', repo, request, cacheable: request.format === 'json', paths: contextPaths }, async (view) =>
      contextJson(await getContext(view, { task: request.task, budget: budgetOf(view, request), stages: request.stages, format: request.format }), request.format),
    ) as never;
  });

  app.openapi(postRoute('/retrieval/similar', 'The files (or symbols) most similar to a file or symbol', similarBody, openAnswer('Similarity'), TAG), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'similar', repo, request, cacheable: true, paths: (answer: Similarity) => answer.results.map((item) => item.path) }, (view) => similarOf(view, request)) as never;
  });

  app.openapi(postRoute('/retrieval/graph', 'The neighbourhood of a file or symbol: imports, references, co-change, docs', graphBody, openAnswer('Neighbourhood'), TAG), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'graph', repo, request, cacheable: true, paths: (answer: { nodes: { path: string }[] }) => answer.nodes.map((node) => node.path) }, (view) => {
      const { target, depth, nodes, edges } = graphAround(view, { start: request.start, maxDistance: request.max_distance, relations: request.relations ?? [...FILE_RELATIONS], limit: request.limit });
      return { target, max_distance: depth, nodes, edges };
    }) as never;
  });

  app.openapi(postRoute('/retrieval/impact', 'What depends on a file or symbol: importers and referrers, with chains', impactBody, openAnswer('Impact'), TAG), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'impact', repo, request, cacheable: true, paths: (answer: Impact) => [...answer.dependents, ...answer.tests].map((entry) => entry.path) }, (view) =>
      referencesOf(view, request),
    ) as never;
  });

  app.openapi(postRoute('/retrieval/symbol', "A symbol's or a file range's current code", symbolBody, openAnswer('Code'), TAG), async (c) => {
    const { repo, ...request } = c.req.valid('json');
    return reply(c, deps, { route: 'symbol', repo, request, cacheable: false }, (view) => readCode(view, { target: request.target, startLine: request.start_line, endLine: request.end_line })) as never;
  });
}

/** The budget a request asks for: explicit, or a cap on the package, or the repository's default. */
export function budgetOf(view: IndexView, request: { budget?: { context_window: number; reserved_tokens: number } | undefined; max_tokens?: number | undefined }): TokenBudget {
  if (request.budget) return { contextWindow: request.budget.context_window, reservedTokens: request.budget.reserved_tokens };
  if (request.max_tokens !== undefined) return { contextWindow: request.max_tokens, reservedTokens: 0 };
  const configured = view.context.config.retrieval.budget;
  return configured ? { contextWindow: configured.context_window, reservedTokens: configured.reserved_tokens } : { ...DEFAULT_BUDGET };
}

function contextPaths(answer: { package?: { items?: { path: string }[] } }): string[] {
  return (answer.package?.items ?? []).map((item) => item.path);
}

export function contextJson(answer: ContextAnswer, format: RenderFormat): Record<string, unknown> {
  const { budget } = answer.package;
  return {
    task_id: answer.taskId,
    run_id: answer.runId,
    format,
    match: answer.package.match,
    match_evidence: answer.package.matchEvidence,
    ...(format === 'json' ? { package: JSON.parse(answer.rendered) as unknown } : { text: answer.rendered }),
    tokens: { used: budget.used, available: budget.available },
    notes: answer.notes,
    deleted: answer.deleted,
  };
}
