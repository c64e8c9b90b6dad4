// POST /retrieval/search with `repos`: one search over several served repositories (issue
// 25: search spans every repository), each row named with its repository, merged by score
// as each repository ranks its own; over real HTTP on loopback.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

type Row = { repository: string; path: string; symbol?: string; score: number };

describe('search across served repositories', () => {
  let shop: TempDir;
  let flask: TempDir;
  let api: Api;
  beforeAll(async () => {
    shop = fixtureRepo('shop');
    flask = fixtureRepo('flask-mini');
    api = await startApi([
      { name: 'shop', path: shop.path },
      { name: 'flask', path: flask.path },
    ]);
  }, 120_000);
  afterAll(async () => {
    await api.close();
    shop.remove();
    flask.remove();
  });

  const search = async (body: Record<string, unknown>) => api.post('/retrieval/search', { query: 'session cookie cart total discount', kind: 'symbol', limit: 30, ...body });

  it('merges every repository\'s own rows by score, each named with its repository ("*": all)', async () => {
    const across = await search({ repos: '*' });
    expect(across.status).toBe(200);
    expect(across.json['repositories']).toEqual(['shop', 'flask']);
    const rows = across.json['results'] as Row[];
    expect(new Set(rows.map((row) => row.repository))).toEqual(new Set(['shop', 'flask']));
    expect(rows.map((row) => row.score)).toEqual([...rows.map((row) => row.score)].sort((a, b) => b - a));
    for (const name of ['shop', 'flask']) {
      const alone = (await search({ repo: name })).json['results'] as Row[];
      const mine = rows.filter((row) => row.repository === name).map(({ repository: _, ...row }) => row);
      // Each repository's rows come in its own order, with its own scores: a prefix of its search alone.
      expect(mine).toEqual(alone.slice(0, mine.length));
      expect(mine.length).toBeGreaterThan(0);
    }
  });

  it('searches only the repositories named, and refuses an unknown one or repo with repos', async () => {
    const onlyShop = await search({ repos: ['shop'] });
    expect(new Set((onlyShop.json['results'] as Row[]).map((row) => row.repository))).toEqual(new Set(['shop']));
    const unknown = await search({ repos: ['shop', 'nope'] });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.json).message).toContain('nope');
    const both = await search({ repo: 'shop', repos: ['flask'] });
    expect(both.status).toBe(400);
    expect(errorOf(both.json).code).toBe('INVALID_REQUEST');
  });
});
