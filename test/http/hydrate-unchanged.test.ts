// Regression of issue 21 through `cairn serve` over loopback HTTP: POST /hydrate re-sent every
// block earlier episodes showed; unchanged ones are listed now (no code), and sent again with
// resend_unchanged.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/http-api.js';
import { fixtureRepo, type TempDir } from '../support/temp-repo.js';

const TOTAL = 'shop/cart.py::Cart.total';

describe('POST /hydrate and what earlier episodes showed', () => {
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

  it('regression: POST /hydrate re-sent unchanged earlier blocks; they are listed, and sent again with resend_unchanged', async () => {
    const hydrate = (query: string, episode: string, extra: Record<string, unknown> = {}) =>
      api.post('/hydrate', { query, conversation_id: 'h1', episode_id: episode, max_tokens: 2000, format: 'markdown', ...extra });
    expect((await hydrate('The total is wrong: look at `Cart.total`', 'e1')).status).toBe(200);
    const listed = await hydrate('Charging a card fails with PaymentError', 'e2');
    expect(listed.status).toBe(200);
    const block = (listed.json['blocks'] as { entity_key: string; status: string; body: string; text: string }[]).find((entry) => entry.entity_key === TOTAL);
    expect(block).toMatchObject({ status: 'unchanged', body: 'none', text: '' });
    expect(String(listed.json['text'])).toContain(`unchanged since episode e1: ${TOTAL}\n`);
    const resent = await hydrate('Charging a card fails with PaymentError', 'e3', { resend_unchanged: true });
    expect(resent.status).toBe(200);
    const again = (resent.json['blocks'] as { entity_key: string; body: string; text: string }[]).find((entry) => entry.entity_key === TOTAL);
    expect(again).toMatchObject({ body: 'text' });
    expect(again!.text).toContain('def total(self) -> float:');
  });
});
