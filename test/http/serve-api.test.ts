// `cairn serve`'s API over real HTTP on loopback: every route, validation, typed errors,
// limits, request ids, the result cache and its invalidation, several repositories, the
// OpenAPI document, health and metrics.

import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { errorOf, startApi, type Api } from '../support/http-api.js';
import { startModelServer } from '../support/model-server.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const TASK = 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax';

describe('the API routes on one repository', () => {
  let repo: TempDir;
  let api: Api;
  beforeAll(async () => {
    repo = fixtureRepo('shop');
    api = await startApi([{ name: 'shop', path: repo.path }]);
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('POST /retrieval/search ranks files, symbols and doc sections, with filters', async () => {
    const files = await api.post('/retrieval/search', { query: 'apply discount to the cart total' });
    expect(files.status).toBe(200);
    expect((files.json['results'] as { path: string }[])[0]!.path).toMatch(/^shop\/(cart|pricing)\.py$/);
    const symbols = await api.post('/retrieval/search', { query: 'apply_discount', kind: 'symbol', limit: 3 });
    expect((symbols.json['results'] as { symbol: string }[])[0]).toMatchObject({ path: 'shop/pricing.py', symbol: 'apply_discount', line: 8 });
    const typescript = await api.post('/retrieval/search', { query: 'format price', filters: { languages: ['ts'] } });
    expect((typescript.json['results'] as { path: string }[]).every((row) => row.path.endsWith('.ts'))).toBe(true);
    const bm25 = await api.post('/retrieval/search', { query: 'payments', mode: 'bm25', kind: 'doc' });
    expect((bm25.json['results'] as { path: string }[]).map((row) => row.path)).toContain('docs/payments.md');
  });

  it('POST /retrieval/context assembles the package within the budget, as JSON or rendered', async () => {
    const json = await api.post('/retrieval/context', { task: TASK, budget: { context_window: 6000, reserved_tokens: 1000 } });
    expect(json.status).toBe(200);
    const pkg = json.json['package'] as { items: { path: string; symbol: string | null; text: string }[]; budget: { available: number; used: number } };
    expect(pkg.budget.available).toBe(5000);
    expect(pkg.budget.used).toBeLessThanOrEqual(5000);
    expect(json.json['match']).toBe('strong');
    expect(pkg).toMatchObject({ match: 'strong' });
    // Cart.total's code: on its own, or inside the whole (small) cart.py.
    expect(pkg.items.some((item) => item.path === 'shop/cart.py' && item.text.includes('def total(self) -> float:'))).toBe(true);
    const markdown = await api.post('/retrieval/context', { task: TASK, max_tokens: 3000, format: 'markdown' });
    expect(String(markdown.json['text'])).toContain('# cairn context');
    expect(String(markdown.json['text']).split('\n')[0]).toMatch(/^match: strong — /);
    expect(markdown.json['match']).toBe('strong');
    expect(markdown.json['tokens']).toMatchObject({ available: 3000 });
  });

  it('POST /retrieve, /refine and GET /tasks/{id}/explain run, refine and explain a task', async () => {
    const run = await api.post('/retrieve', { task: TASK, task_id: 'http-task-1', max_tokens: 4000 });
    expect(run.status).toBe(200);
    expect(run.json['task_id']).toBe('http-task-1');
    const refined = await api.post('/refine', { task_id: 'http-task-1', missing_files: ['web/src/format.ts'] });
    expect(refined.status).toBe(200);
    expect(((refined.json['package'] as { items: { path: string }[] }).items).map((item) => item.path)).toContain('web/src/format.ts');
    const explained = await api.get('/tasks/http-task-1/explain');
    expect(explained.status).toBe(200);
    const explanation = JSON.parse(explained.text) as { taskId: string; runs: { started: { mode: string } }[] };
    expect(explanation.taskId).toBe('http-task-1');
    expect(explanation.runs.map((entry) => entry.started.mode)).toEqual(['retrieve', 'refine']);
    const byRepo = await api.get('/repos/shop/tasks/http-task-1/explain');
    expect(byRepo.status).toBe(200);
    const unknown = await api.get('/tasks/no-such-task/explain');
    expect(unknown.status).toBe(404);
    expect(errorOf(JSON.parse(unknown.text) as Record<string, unknown>).code).toBe('NOT_FOUND');
  });

  it('POST /retrieval/similar, /retrieval/graph, /retrieval/impact and /retrieval/symbol answer about one file or symbol', async () => {
    const similar = await api.post('/retrieval/similar', { target: 'shop/cart.py', limit: 3 });
    expect(similar.status).toBe(200);
    expect((similar.json['results'] as unknown[]).length).toBeGreaterThan(0);
    const graph = await api.post('/retrieval/graph', { start: 'shop/cart.py', max_distance: 1, relations: ['imports'] });
    expect(graph.status).toBe(200);
    expect((graph.json['edges'] as { relation: string }[]).every((edge) => edge.relation === 'imports')).toBe(true);
    expect((graph.json['nodes'] as { id: string }[]).map((node) => node.id)).toContain('shop/pricing.py');
    const impact = await api.post('/retrieval/impact', { target: 'shop/pricing.py::apply_discount', depth: 2 });
    expect((impact.json['dependents'] as { id: string }[]).map((entry) => entry.id)).toContain('shop/cart.py::Cart.total');
    const code = await api.post('/retrieval/symbol', { target: 'shop/cart.py::Cart.total' });
    expect(String(code.json['code'])).toContain('def total(self) -> float:');
  });

  it('validates every body: a one-line 400 naming the field, the value and the rule', async () => {
    const cases: [string, unknown, string][] = [
      ['/retrieval/search', { query: 'x', limit: 1000 }, 'limit: 1000 is not allowed'],
      ['/retrieval/search', { query: 'x', colour: 'red' }, 'colour: unknown key'],
      ['/retrieval/search', {}, 'query: missing'],
      ['/retrieval/context', { task: 'x', budget: { context_window: 100, reserved_tokens: 200 } }, 'reserved_tokens must be smaller than context_window'],
      ['/retrieval/context', { task: 'x', format: 'yaml' }, 'format: "yaml" is not allowed'],
      ['/retrieval/context', { task: 'x', history: 51 }, 'history: 51 is not allowed'],
      ['/retrieval/similar', { target: 'a.py', limit: 0 }, 'limit: 0 is not allowed'],
      ['/retrieval/graph', { start: 'a.py', relations: ['friends'] }, 'relations.0: "friends" is not allowed'],
      ['/retrieval/impact', { target: 'a.py', depth: 9 }, 'depth: 9 is not allowed'],
      ['/retrieval/symbol', { target: '' }, 'target: "" is not allowed'],
      ['/retrieve', { task: 'x', task_id: 42 }, 'task_id: 42 is not allowed'],
      ['/refine', { missing_files: ['a.py'] }, 'task_id: missing'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await api.post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(answer.json).code).toBe('INVALID_REQUEST');
      expect(errorOf(answer.json).message).toContain(message);
      expect(errorOf(answer.json).message).not.toContain('\n');
    }
    const malformed = await api.post('/retrieval/search', '{"query": ');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.json).code).toBe('INVALID_REQUEST');
  });

  it('turns typed errors into statuses: unknown symbol 404, unknown stage 400, unknown route 404; never a stack trace', async () => {
    const missing = await api.post('/retrieval/symbol', { target: 'NoSuchSymbolAnywhere' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing.json)).toMatchObject({ code: 'NOT_FOUND' });
    expect(errorOf(missing.json).hint).toBeTruthy();
    const stage = await api.post('/retrieval/context', { task: 'x', stages: ['telepathy'] });
    expect(stage.status).toBe(400);
    expect(errorOf(stage.json).code).toBe('USAGE');
    const route = await api.get('/retrieval/nothing');
    expect(route.status).toBe(404);
    expect(JSON.parse(route.text)).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    for (const answer of [missing, stage]) expect(JSON.stringify(answer.json)).not.toMatch(/\n\s+at |\.ts:\d+/);
  });

  it('gives every request an id, returns it in X-Request-Id and logs it with the route and status', async () => {
    const own = await api.post('/retrieval/search', { query: 'cart' }, { 'x-request-id': 'agent-7f3a' });
    expect(own.headers.get('x-request-id')).toBe('agent-7f3a');
    const generated = await api.post('/retrieval/search', { query: 'cart total' });
    const id = generated.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = api.logs.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry['requestId'] === id);
    expect(line).toMatchObject({ msg: 'request', method: 'POST', route: '/retrieval/search', status: 200 });
  });

  it('caches read-only answers until the index changes', async () => {
    const body = { query: 'receipt formatting', kind: 'symbol' };
    const first = await api.post('/retrieval/search', body);
    const second = await api.post('/retrieval/search', body);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(second.json).toEqual(first.json);
    repo.write('shop/receipt.py', 'def receipt_formatting_helper(lines):\n    return "\\n".join(lines)\n');
    await api.set.repos[0]!.workspace.refresh('test');
    const third = await api.post('/retrieval/search', body);
    expect(third.headers.get('x-cache')).toBe('miss');
    expect((third.json['results'] as { symbol?: string }[]).map((row) => row.symbol)).toContain('receipt_formatting_helper');
  });

  it('serves /health, Prometheus /metrics and the OpenAPI document of every route', async () => {
    const health = JSON.parse((await api.get('/health')).text) as { status: string; repos: { name: string; state: string; generation: number }[] };
    expect(health.status).toBe('ok');
    expect(health.repos[0]).toMatchObject({ name: 'shop', state: 'ready' });
    const metrics = (await api.get('/metrics')).text;
    expect(metrics).toMatch(/cairn_http_requests_total\{route="\/retrieval\/search",method="POST",status="200"\} \d+/);
    expect(metrics).toMatch(/cairn_http_request_duration_seconds_bucket\{le="0.1",route="\/retrieval\/search"\}/);
    expect(metrics).toMatch(/cairn_cache_hits_total [1-9]/);
    expect(metrics).toMatch(/cairn_index_age_seconds\{repo="shop"\} \d/);
    const openapi = JSON.parse((await api.get('/openapi.json')).text) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    expect(Object.keys(openapi.paths).sort()).toEqual(
      [
        '/diagnose',
        '/health',
        '/hydrate',
        '/introspect/entity/{entity_key}',
        '/introspect/gates/{episode_id}',
        '/introspect/hydration/{episode_id}',
        '/memory/approve',
        '/memory/reject',
        '/repos',
        '/repos/{repo}/conversations',
        '/repos/{repo}/failures',
        '/repos/{repo}/tasks',
        '/repos/{repo}/introspect/change/{entity_key}',
        '/repos/{repo}/introspect/entity/{entity_key}',
        '/repos/{repo}/introspect/gates/{episode_id}',
        '/repos/{repo}/introspect/hydration/{episode_id}',
        '/refine',
        '/repos/{repo}/tasks/{task_id}/explain', '/retrieval/context', '/retrieval/edges', '/retrieval/graph', '/retrieval/impact', '/retrieval/search', '/retrieval/similar', '/retrieval/symbol', '/retrieve', '/tasks/{task_id}/explain'].sort(),
    );
    // The document comes from the schemas that validate: the same fields, the same limits.
    expect(Object.keys(openapi.components.schemas['SearchRequest']!.properties!)).toEqual(['repo', 'query', 'limit', 'kind', 'mode', 'filters', 'signals', 'repos']);
    expect(openapi.components.schemas['SearchRequest']!.properties!['limit']).toMatchObject({ maximum: 100, minimum: 1 });
  });
});

describe('limits', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function api(options: Parameters<typeof startApi>[1] & { prepare?: (repo: TempDir) => void }): Promise<Api> {
    const repo = fixtureRepo('shop');
    options.prepare?.(repo);
    cleanups.push(() => repo.remove());
    const started = await startApi([{ name: 'shop', path: repo.path }], options);
    cleanups.push(() => started.close());
    return started;
  }

  it('refuses a body over the limit with 413', async () => {
    const small = await api({ bodyLimitBytes: 2048 });
    const answer = await small.post('/retrieval/context', { task: 'x'.repeat(10_000) });
    expect(answer.status).toBe(413);
    expect(errorOf(answer.json).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 503 TIMEOUT when a request outlives the time limit (here: a model that takes seconds)', async () => {
    const model = await startModelServer({ chat: () => ({ content: '{}', delayMs: 5000 }) });
    cleanups.push(() => model.close());
    const hasty = await api({ timeoutMs: 200, prepare: (repo) => repo.write('cairn.yaml', `llm:\n  provider: ollama\n  model: test-model\n  baseUrl: ${model.url}\n  timeoutMs: 30000\n`) });
    const answer = await hasty.post('/retrieval/context', { task: TASK });
    expect(answer.status).toBe(503);
    expect(errorOf(answer.json).code).toBe('TIMEOUT');
  });
});

describe('several repositories', () => {
  it('serves each by name, in the body or the path; an unknown or missing name is an error listing the served ones', async () => {
    const shop = fixtureRepo('shop');
    const other = fixtureRepo('shop');
    other.write('shop/cart.py', 'def totally_different_cart():\n    return 0\n');
    const api = await startApi([
      { name: 'shop', path: shop.path },
      { name: 'other', path: other.path },
    ]);
    try {
      const inShop = await api.post('/retrieval/search', { repo: 'shop', query: 'Cart.total', kind: 'symbol' });
      const inOther = await api.post('/retrieval/search', { repo: 'other', query: 'totally_different_cart', kind: 'symbol' });
      expect((inShop.json['results'] as { symbol?: string }[]).map((row) => row.symbol)).toContain('Cart.total');
      expect((inOther.json['results'] as { symbol?: string }[])[0]!.symbol).toBe('totally_different_cart');
      const unnamed = await api.post('/retrieval/search', { query: 'cart' });
      expect(unnamed.status).toBe(400);
      expect(errorOf(unnamed.json).hint).toBe('one of shop, other');
      const unknown = await api.post('/retrieval/search', { repo: 'nope', query: 'cart' });
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown.json).hint).toBe('served: shop, other');
      await api.post('/retrieve', { repo: 'other', task: 'fix the cart', task_id: 'other-1', max_tokens: 2000 });
      expect((await api.get('/repos/other/tasks/other-1/explain')).status).toBe(200);
      expect((await api.get('/repos/shop/tasks/other-1/explain')).status).toBe(404);
    } finally {
      await api.close();
      shop.remove();
      other.remove();
    }
  });
});
