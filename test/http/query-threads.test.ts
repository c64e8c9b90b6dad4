// The query threads of `cairn serve` (piscina, running the compiled thread script from
// dist/, which the test setup builds): an answer computed on a thread is the one computed
// in process; a thread that dies fails only its request, with a typed error, and the pool
// goes on with a new thread.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepo } from '../../src/app/repo.js';
import { openServed } from '../../src/app/serve.js';
import { type ServeSet } from '../../src/serve/live.js';
import { isCairnError } from '../../src/core/errors.js';
import { startQueries } from '../../src/app/serve.js';
import { OPERATIONS } from '../../src/faces/http/operations.js';
import { inProcessQueries, type QueryRunner } from '../../src/serve/query-pool.js';
import { silentLogging } from '../../src/logging/logger.js';
import { startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const REAL_THREAD = new URL('../../dist/app/query-worker.js', import.meta.url);
const CRASHING_THREAD = new URL('../fixtures/threads/crashing-query-worker.mjs', import.meta.url);
const SEARCH = { query: 'apply discount to the cart total', limit: 5, kind: 'symbol' as const, mode: 'hybrid' as const };
const TASK = 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax';

/**
 * The answer without what differs from run to run: run ids, times and timestamps, and the tokens used,
 * which count the rendered package and so the run id's random characters in it.
 */
function steady(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(steady);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !['run_id', 'runId', 'createdAt', 'timestamp', 'ms', 'used'].includes(key)).map(([key, inner]) => [key, steady(inner)]));
}

describe('query threads', () => {
  let repo: TempDir;
  let set: ServeSet;
  let pool: QueryRunner<typeof OPERATIONS>;
  beforeAll(async () => {
    repo = fixtureRepo('shop');
    const context = await openRepo({ repo: repo.path, env: {} });
    set = await openServed([{ name: 'shop', context }], { logger: silentLogging().logger, env: {}, watch: false });
    await set.repos[0]!.workspace.ensureIndex();
    pool = startQueries({ repos: [{ name: 'shop', context }], env: {}, threads: 1, script: REAL_THREAD });
  });
  afterAll(async () => {
    await pool.close();
    await set.close();
    repo.remove();
  });

  it('runs on a thread (not in process)', () => {
    expect(pool.counts()?.threads).toBe(1);
  });

  it('gives the answer the main thread gives, for a search and a context package', async () => {
    const served = set.repos[0]!;
    const inProcess = inProcessQueries(OPERATIONS);
    expect(await pool.run(served, 'search', SEARCH)).toEqual(await inProcess.run(served, 'search', SEARCH));
    const input = { task: TASK, task_id: 'same-task', max_tokens: 3000, format: 'json' as const };
    const threaded = await pool.run(served, 'context', input);
    const local = await inProcess.run(served, 'context', input);
    expect((threaded['package'] as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(steady(threaded)).toEqual(steady(local));
  });

  it('gives the answer the main thread gives for refine, similar, graph, impact and diagnose', async () => {
    const served = set.repos[0]!;
    const inProcess = inProcessQueries(OPERATIONS);
    await inProcess.run(served, 'context', { task: TASK, task_id: 'to-refine', max_tokens: 3000, format: 'json' as const });
    const refine = { task_id: 'to-refine', missing_files: ['shop/gateway.py'], missing_symbols: [], missing_tests: [], error_signature: [], format: 'json' as const };
    const refinedOnThread = await pool.run(served, 'refine', refine);
    expect(JSON.stringify(refinedOnThread)).toContain('shop/gateway.py');
    expect(steady(refinedOnThread)).toEqual(steady(await inProcess.run(served, 'refine', refine)));
    const cases = [
      ['similar', { target: 'shop/cart.py', limit: 5 }],
      ['graph', { start: 'shop/cart.py', max_distance: 1, limit: 20 }],
      ['impact', { target: 'shop/cart.py', depth: 2 }],
      ['diagnose', { bundle: { error_message: 'ValueError: quantity must be positive', stack_trace: '', recent_changes: [], root_cause: '' }, run_dir: 'shop', phase: 'build', attempt: 1, always: true, task_id: 'diag-thread', format: 'json' as const }],
    ] as const;
    for (const [op, input] of cases) {
      const threaded = await pool.run(served, op, input as never);
      expect(steady(threaded), op).toEqual(steady(await inProcess.run(served, op, input as never)));
    }
  });

  it('answers a typed error from a thread as that error', async () => {
    const error = await pool.run(set.repos[0]!, 'search', { ...SEARCH, query: '   ' }).catch((caught: unknown) => caught);
    expect(isCairnError(error) && error.code).toBe('USAGE');
  });
});

/** The HTTP API over a copy of the shop fixture, its pooled operations on `threads` threads of `script`. */
function apiOnThreads(threads: number, script: URL): { api: () => Api; pool: () => QueryRunner<typeof OPERATIONS> } {
  let repo: TempDir;
  let api: Api;
  let pool: QueryRunner<typeof OPERATIONS>;
  beforeAll(async () => {
    repo = fixtureRepo('shop');
    const context = await openRepo({ repo: repo.path, env: {} });
    pool = startQueries({ repos: [{ name: 'shop', context }], env: {}, threads, script });
    api = await startApi([{ name: 'shop', path: repo.path }], { queries: pool });
  });
  afterAll(async () => {
    await api.close();
    await pool.close();
    repo.remove();
  });
  return { api: () => api, pool: () => pool };
}

describe('hydrations on two query threads', () => {
  const served = apiOnThreads(2, REAL_THREAD);

  it('runs one conversation\'s hydrations in turn across threads: numbered 1 to 4, none refused', async () => {
    const queries = ['`Cart.total`', '`apply_discount`', '`Cart.subtotal`', '`charge`'];
    const answers = await Promise.all(queries.map((query) => served.api().post('/hydrate', { query, conversation_id: 'c-threads', max_tokens: 1500 })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json['sequence']).sort()).toEqual([1, 2, 3, 4]);
    expect(served.pool().counts()?.completed).toBeGreaterThanOrEqual(4);
  });
});

describe('a query thread that dies', () => {
  const served = apiOnThreads(1, CRASHING_THREAD);

  it('fails only its request, as a typed 500, and the pool answers the next one on a new thread', async () => {
    const [api, pool] = [served.api(), served.pool()];
    const crashed = await api.post('/retrieval/search', { query: 'crash the thread' });
    expect(crashed.status).toBe(500);
    expect(crashed.json).toMatchObject({ error: { code: 'INTERNAL' } });
    expect(String((crashed.json['error'] as { message: string }).message)).toContain('query thread');
    expect(pool.counts()?.threadFailures).toBe(1);
    const next = await api.post('/retrieval/search', { query: 'apply discount', kind: 'symbol' });
    expect(next.status).toBe(200);
    expect((next.json['results'] as unknown[]).length).toBeGreaterThan(0);
    const context = await api.post('/retrieval/context', { task: TASK, max_tokens: 3000 });
    expect(context.status).toBe(200);
  });
});
