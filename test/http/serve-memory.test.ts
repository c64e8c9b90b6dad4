// Episode memory over `cairn serve`'s API, on loopback: a conversation's episodes through
// POST /hydrate (the second marks what changed on disk since the first), the introspection
// routes reading them back as `cairn episode/entity/gates --json` print them, validation,
// typed errors, and a server of two repositories addressing memory by name.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';
import { errorOf, startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const TOTAL = 'shop/cart.py::Cart.total';

type Block = { entity_key: string; status: string; text: string; previous_episode: string | null };

describe('episode memory over HTTP', () => {
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

  it('introspection before any episode says there is no memory yet (404), and creates none', async () => {
    const answer = await api.get('/introspect/hydration/e1');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('no episode memory') });
    expect((await api.get(`/introspect/entity/${encodeURIComponent(TOTAL)}`)).status).toBe(404);
  });

  it('POST /hydrate records episodes of a conversation; a later one marks what changed on disk since', async () => {
    const first = await api.post('/hydrate', { query: 'The total is wrong: look at `Cart.total`', conversation_id: 'c1', episode_id: 'e1', max_tokens: 1500, format: 'markdown' });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ conversation_id: 'c1', episode_id: 'e1', sequence: 1, budget: { max_tokens: 1500 } });
    expect((first.json['blocks'] as Block[]).map((block) => block.entity_key)).toContain(TOTAL);
    expect(String(first.json['text'])).toContain(`## ${TOTAL}\n`);
    expect(createO200kCounter().count(String(first.json['text']))).toBeLessThanOrEqual(1500);
    expect((first.json['gates'] as { entity_key: string; decision: string }[]).find((gate) => gate.entity_key === TOTAL)).toMatchObject({ decision: 'held' });

    const cart = join(repo.path, 'shop/cart.py');
    writeFileSync(cart, readFileSync(cart, 'utf8').replace('TAX_RATE), 2)', 'TAX_RATE), 3)'));
    const second = await api.post('/hydrate', { query: 'Now the gateway `charge`', conversation_id: 'c1', max_tokens: 1500 });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ conversation_id: 'c1', sequence: 2 });
    expect(String(second.json['episode_id'])).toMatch(/^ep-/);
    expect(second.json['text']).toBeUndefined();
    const changed = (second.json['blocks'] as Block[]).find((block) => block.entity_key === TOTAL);
    expect(changed).toMatchObject({ status: 'changed', previous_episode: 'e1' });
    expect(changed!.text).toContain('TAX_RATE), 3)');
  });

  it('GET /introspect/hydration, /entity and /gates read back what was recorded', async () => {
    const episode = await api.get('/introspect/hydration/e1');
    expect(episode.status).toBe(200);
    const view = JSON.parse(episode.text);
    expect(view.episode).toMatchObject({ id: 'e1', conversation_id: 'c1', sequence: 1, max_tokens: 1500 });
    expect(view.blocks.map((block: Block) => block.entity_key)).toContain(TOTAL);
    expect(view.used_tokens).toBeLessThanOrEqual(1500);

    const entity = JSON.parse((await api.get(`/introspect/entity/${encodeURIComponent(TOTAL)}`)).text);
    expect(entity).toMatchObject({ entity_key: TOTAL, current: { state: 'PROPOSED', version: 2 }, etv: { is_stale: false, disk_exists: true } });
    expect(entity.hydrations.map((row: { episode_id: string }) => row.episode_id)).toEqual(['e1', expect.stringMatching(/^ep-/)]);

    const gates = JSON.parse((await api.get('/introspect/gates/e1')).text);
    expect(gates.episode).toMatchObject({ id: 'e1' });
    expect(gates.entities.find((entry: { evaluation: { entity_key: string } }) => entry.evaluation.entity_key === TOTAL)).toMatchObject({
      evaluation: { decision: 'held', structural: { passed: true }, authority: { passed: false }, fresh: { passed: true } },
      state_now: 'SUPERSEDED',
    });
    expect((await api.get('/repos/shop/introspect/gates/e1')).status).toBe(200);

    // The entity's answer checked the disk (an ETV miss); /metrics counts the checks.
    const metrics = (await api.get('/metrics')).text;
    expect(metrics).toMatch(/cairn_etv_cache_misses_total\{repo="shop"\} [1-9]/);
    expect(metrics).toMatch(/cairn_etv_cache_hits_total\{repo="shop"\} \d/);
  });

  it('validates bodies and parameters, and answers typed errors as {error: {code, message, hint}}', async () => {
    const cases: [string, unknown, number, string][] = [
      ['no conversation', { query: 'Cart.total' }, 400, 'INVALID_REQUEST'],
      ['a conversation id with a slash', { query: 'Cart.total', conversation_id: '../c1' }, 400, 'INVALID_REQUEST'],
      ['an unknown field', { query: 'Cart.total', conversation_id: 'c2', budget: 10 }, 400, 'INVALID_REQUEST'],
      ['a budget of zero', { query: 'Cart.total', conversation_id: 'c2', max_tokens: 0 }, 400, 'INVALID_REQUEST'],
      ['a blank query', { query: '   ', conversation_id: 'c2' }, 400, 'USAGE'],
      ['an episode id taken', { query: 'Cart.total', conversation_id: 'c2', episode_id: 'e1' }, 409, 'CONFLICT'],
      ['a repository not served', { repo: 'nope', query: 'Cart.total', conversation_id: 'c2' }, 404, 'NOT_FOUND'],
    ];
    for (const [what, body, status, code] of cases) {
      const answer = await api.post('/hydrate', body);
      expect(answer.status, what).toBe(status);
      expect(errorOf(answer.json).code, what).toBe(code);
      expect(errorOf(answer.json).message, what).toBeTruthy();
      expect(JSON.stringify(answer.json), what).not.toMatch(/\n\s+at /);
    }
    expect(errorOf((await api.post('/hydrate', { query: 'Cart.total', conversation_id: 'c2', episode_id: 'e1' })).json).hint).toBeTruthy();
    for (const [path, status] of [
      ['/introspect/hydration/no-such-episode', 404],
      ['/introspect/gates/no-such-episode', 404],
      ['/introspect/hydration/bad%20id', 400],
      [`/introspect/entity/${encodeURIComponent('shop/cart.py::Cart.nothing')}`, 404],
      ['/repos/nope/introspect/hydration/e1', 404],
    ] as const) {
      const answer = await api.get(path);
      expect(answer.status, path).toBe(status);
      expect(JSON.parse(answer.text).error.code, path).toBeTruthy();
    }
  });

  it('records concurrent hydrations of one conversation, numbered 1, 2, 3 (core/turns.test.ts forces the overlap)', async () => {
    const answers = await Promise.all(['`Cart.total`', '`apply_discount`', '`Cart.subtotal`'].map((query) => api.post('/hydrate', { query, conversation_id: 'c-concurrent', max_tokens: 1500 })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json['sequence']).sort()).toEqual([1, 2, 3]);
  });
});

describe('episode memory on a server of two repositories', () => {
  let shop: TempDir;
  let other: TempDir;
  let api: Api;
  beforeAll(async () => {
    shop = fixtureRepo('shop');
    other = fixtureRepo('shop');
    api = await startApi([
      { name: 'shop', path: shop.path },
      { name: 'other', path: other.path },
    ]);
  });
  afterAll(async () => {
    await api.close();
    shop.remove();
    other.remove();
  });

  it('keeps each repository\'s memory apart, addressed by name in the body or the path', async () => {
    expect(errorOf((await api.post('/hydrate', { query: '`Cart.total`', conversation_id: 'c1' })).json).code).toBe('USAGE');
    expect((await api.post('/hydrate', { repo: 'shop', query: '`Cart.total`', conversation_id: 'c1', episode_id: 'e-shop' })).status).toBe(200);
    expect((await api.get('/repos/shop/introspect/hydration/e-shop')).status).toBe(200);
    expect((await api.get('/repos/other/introspect/hydration/e-shop')).status).toBe(404);
    expect((await api.get(`/repos/shop/introspect/entity/${encodeURIComponent(TOTAL)}`)).status).toBe(200);
    expect((await api.get('/introspect/hydration/e-shop')).status).toBe(400);
  });
});
