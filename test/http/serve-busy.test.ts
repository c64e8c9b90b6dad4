// `cairn serve` when busy, over real HTTP on loopback: admission control (a bounded number
// of heavy requests in work, a bounded queue, 503 + Retry-After in the typed error form),
// with the service's own routes and cheap lookups still answered while every slot is
// taken. The slow operation is injected where the server is composed (its query runner):
// searches wait on a gate the test opens.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessQueries, type QueryRunner } from '../../src/faces/http/query-pool.js';
import { startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never held');
}

describe('admission control over HTTP', () => {
  let repo: TempDir;
  let api: Api;
  const waiting: (() => void)[] = [];
  const real = inProcessQueries();
  const slow: QueryRunner = {
    run: async (served, op, input) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return real.run(served, op, input) as never;
    },
    counts: () => null,
    close: async () => undefined,
  };

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    api = await startApi([{ name: 'shop', path: repo.path }], { admission: { limit: 1, queueLength: 1, maxWaitMs: 60_000 }, queries: slow });
  });
  afterAll(async () => {
    for (const open of waiting) open();
    await api.close();
    repo.remove();
  });

  it('keeps one request in work and one waiting, answers the next 503 with Retry-After at once, and serves health, metrics and lookups meanwhile', async () => {
    const first = api.post('/retrieval/search', { query: 'cart total' });
    await until(() => waiting.length === 1);
    const second = api.post('/retrieval/search', { query: 'tax rate' });
    await until(async () => (await api.get('/metrics')).text.includes('cairn_admission_queued 1'));

    const refused = await api.post('/retrieval/context', { task: 'payment gateway fails' });
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ error: { code: 'OVERLOADED' } });
    expect(String((refused.json['error'] as { hint: string }).hint)).toContain('retry after');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const health = await api.get('/health');
    expect(health.status).toBe(200);
    const lookup = await api.post('/retrieval/symbol', { target: 'shop/cart.py::Cart.total' });
    expect(lookup.status).toBe(200);
    const metrics = (await api.get('/metrics')).text;
    expect(metrics).toContain('cairn_admission_in_flight 1');
    expect(metrics).toContain('cairn_admission_refused_total{reason="queue_full"} 1');
    expect(metrics).toContain('cairn_admission_limit 1');

    waiting.shift()!();
    expect((await first).status).toBe(200);
    await until(() => waiting.length === 1);
    waiting.shift()!();
    expect((await second).status).toBe(200);
    const after = (await api.get('/metrics')).text;
    expect(after).toContain('cairn_admission_in_flight 0');
    expect(after).toContain('cairn_admission_admitted_total 2');
  });

  it('answers a request for an answer already being computed from that computation (one run, not two)', async () => {
    const one = api.post('/retrieval/search', { query: 'apply discount' });
    await until(() => waiting.length === 1);
    const two = api.post('/retrieval/search', { query: 'apply discount' });
    await until(async () => (await api.get('/metrics')).text.includes('cairn_cache_shared_total 1'));
    expect(waiting.length).toBe(1);
    waiting.shift()!();
    const [a, b] = await Promise.all([one, two]);
    expect(a.status).toBe(200);
    expect(b.json).toEqual(a.json);
  });
});
