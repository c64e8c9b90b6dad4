// The routes the web page finds its way with, over real HTTP on loopback: the served
// repositories and their index, a repository's recent tasks, conversations and failures,
// the edges among a package's files, an entity's change since memory recorded it, gate B's
// approve/reject — and writes refused when they come from another site or carry no JSON.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, gitInit, type TempDir } from '../support/temp-repo.js';

const TOTAL = 'shop/cart.py::Cart.total';
const change = (key: string): string => `/repos/shop/introspect/change/${encodeURIComponent(key)}`;

describe('overview and authority routes', () => {
  let repo: TempDir;
  let api: Api;
  beforeAll(async () => {
    repo = fixtureRepo('shop');
    gitInit(repo.path).commit('the shop');
    api = await startApi([{ name: 'shop', path: repo.path }]);
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('GET /repos lists each served repository with its index: files by language, symbols, edges, the commit', async () => {
    const answer = await api.get('/repos');
    expect(answer.status).toBe(200);
    const [shop] = JSON.parse(answer.text).repos;
    expect(shop).toMatchObject({ name: 'shop', state: 'ready', watching: false });
    expect(shop.index.files).toBeGreaterThan(5);
    expect(shop.index.symbols).toBeGreaterThan(5);
    expect(shop.index.imports).toBeGreaterThan(0);
    expect(shop.index.git_head).toMatch(/^[0-9a-f]{40}$/);
    expect(shop.index.languages).toContainEqual({ language: 'python', files: expect.any(Number) });
  });

  it('GET /repos/{repo}/tasks lists a retrieval just made, newest first, with its run', async () => {
    const retrieved = await api.post('/retrieve', { repo: 'shop', task: 'Charging an empty cart crashes with PaymentError', max_tokens: 4000 });
    expect(retrieved.status).toBe(200);
    const answer = JSON.parse((await api.get('/repos/shop/tasks?limit=5')).text);
    expect(answer.tasks[0]).toMatchObject({ task_id: retrieved.json['task_id'], task: 'Charging an empty cart crashes with PaymentError' });
    expect(answer.tasks[0].runs[0]).toMatchObject({ run_id: retrieved.json['run_id'], mode: 'retrieve', failed: null });
    expect(answer.tasks[0].runs[0].finished.used).toBeLessThanOrEqual(4000);
    expect((await api.get('/repos/nope/tasks')).status).toBe(404);
  });

  it('POST /retrieval/search carries each row\'s ranking signals when asked, and not otherwise', async () => {
    const asked = await api.post('/retrieval/search', { repo: 'shop', query: 'payment error charge', signals: true });
    expect(asked.status).toBe(200);
    const rows = asked.json['results'] as { path: string; signals?: { signal: string; rank: number | null; contribution: number }[] }[];
    expect(rows[0]!.signals!.length).toBeGreaterThan(0);
    expect(rows[0]!.signals!.some((entry) => entry.rank === 1 && entry.contribution > 0)).toBe(true);
    const plain = await api.post('/retrieval/search', { repo: 'shop', query: 'payment error charge' });
    expect((plain.json['results'] as { signals?: unknown }[]).every((row) => row.signals === undefined)).toBe(true);
  });

  it('POST /retrieval/edges names the edges among the given files only', async () => {
    const answer = await api.post('/retrieval/edges', { repo: 'shop', paths: ['shop/cart.py', 'shop/payments/gateway.py'] });
    expect(answer.status).toBe(200);
    const edges = answer.json['edges'] as { from: string; to: string; relation: string }[];
    expect(edges).toContainEqual(expect.objectContaining({ from: 'shop/payments/gateway.py', to: 'shop/cart.py', relation: 'imports' }));
    expect(edges.every((edge) => ['shop/cart.py', 'shop/payments/gateway.py'].includes(edge.from) && ['shop/cart.py', 'shop/payments/gateway.py'].includes(edge.to))).toBe(true);
  });

  it('a conversation is listed; an entity it saw shows the diff once the disk changed; approve and reject move its state', async () => {
    expect(JSON.parse((await api.get('/repos/shop/failures')).text)).toEqual({ total: 0, failures: [] });
    const hydrated = await api.post('/hydrate', { repo: 'shop', query: 'Fix the rounding in `Cart.total`', conversation_id: 'conv-1' });
    expect(hydrated.status).toBe(200);
    const conversations = JSON.parse((await api.get('/repos/shop/conversations')).text).conversations;
    expect(conversations[0]).toMatchObject({ conversation_id: 'conv-1', episodes: [{ sequence: 1, query: 'Fix the rounding in `Cart.total`' }] });

    expect(JSON.parse((await api.get(change(TOTAL))).text)).toMatchObject({ entity_key: TOTAL, state: 'PROPOSED', changed: false });
    const approved = await api.post('/memory/approve', { repo: 'shop', entity_key: TOTAL });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(JSON.parse((await api.get(change(TOTAL))).text).state).toBe('AUTHORITATIVE');

    const cart = join(repo.path, 'shop/cart.py');
    writeFileSync(cart, readFileSync(cart, 'utf8').replace('TAX_RATE), 2)', 'TAX_RATE), 3)'));
    const changed = JSON.parse((await api.get(change(TOTAL))).text);
    expect(changed.changed).toBe(true);
    expect(changed.diff).toContain('-        return round(discounted * (1 + TAX_RATE), 2)\n+        return round(discounted * (1 + TAX_RATE), 3)');

    const rejected = await api.post('/memory/reject', { repo: 'shop', entity_key: TOTAL });
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    expect(JSON.parse((await api.get(change(TOTAL))).text).state).not.toMatch(/PROPOSED|AUTHORITATIVE/);
  });

  it('refuses a write another site\'s page makes the browser send, and a write without a JSON body', async () => {
    const body = { repo: 'shop', entity_key: TOTAL };
    const foreign = await api.post('/memory/approve', body, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign.json)).toMatchObject({ code: 'CROSS_SITE', message: expect.stringContaining('http://evil.example') });
    const crossSite = await api.post('/memory/reject', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await api.post('/memory/approve', body, { origin: 'null' })).status).toBe(403);
    const plain = await api.post('/memory/approve', JSON.stringify(body), { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(errorOf(plain.json).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // From this server's own page the write reaches the route (which says the rejected version is gone).
    const own = await api.post('/memory/approve', body, { origin: api.url, 'sec-fetch-site': 'same-origin' });
    expect(errorOf(own.json).code, JSON.stringify(own.json)).toBe('NOT_FOUND');
    // A cross-site read is no write: answered (the browser keeps the answer from the other site's page).
    expect((await api.get('/repos', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});
