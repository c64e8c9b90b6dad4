// POST /retrieval/context and /retrieve with section_shares: the shares reach the pipeline.
// With shares the historical section gets only its own share, so `historical: 0` leaves it
// out where the default (a tenth of the budget) shows it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN_HISTORY } from '../../src/render/markdown.js';
import { startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, gitInit, type TempDir } from '../support/temp-repo.js';

const TASK = 'The total is wrong: look at `Cart.total`';

describe('section_shares over HTTP', () => {
  let repo: TempDir;
  let api: Api;
  beforeAll(async () => {
    repo = fixtureRepo('shop');
    gitInit(repo.path).commit('shop: carts, pricing and payments');
    api = await startApi([{ name: 'shop', path: repo.path }]);
  });
  afterAll(async () => {
    await api.close();
    repo.remove();
  });

  it('are acted on by /retrieval/context and /retrieve (a historical share of 0 leaves the history out)', async () => {
    const ask = { task: TASK, max_tokens: 4000, history: 3, format: 'markdown' };
    for (const route of ['/retrieval/context', '/retrieve']) {
      const plain = await api.post(route, ask);
      expect(plain.status).toBe(200);
      expect((plain.json as { text: string }).text, route).toContain(MARKDOWN_HISTORY);
      const shared = await api.post(route, { ...ask, section_shares: { primary: 0.7, supporting: 0.3, historical: 0 } });
      expect(shared.status).toBe(200);
      expect((shared.json as { text: string }).text, route).not.toContain(MARKDOWN_HISTORY);
    }
  });
});
