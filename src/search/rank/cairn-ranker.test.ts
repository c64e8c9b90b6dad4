import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedFixture } from '../../../test/support/indexed-fixture.js';
import { bm25Baseline } from './bm25-baseline.js';
import { cairnRanker, cairnRankerWithoutMeta } from './cairn-ranker.js';
import { collectSignals } from './signals.js';

let fixture: IndexedFixture;
beforeAll(async () => {
  fixture = await indexedFixture('shop');
});
afterAll(() => fixture.close());

async function topFiles(query: string, limit = 3): Promise<string[]> {
  const result = await cairnRanker.rank(fixture.reader, { query, limit });
  return result.files.map((file) => file.path);
}

describe('cairn ranker', () => {
  it("matches files by their metadata (a module docstring's words), a signal the ablation ranker leaves out", async () => {
    const signals = collectSignals(fixture.reader, { query: 'the payment provider talks back', limit: 5 });
    expect([...signals.files.meta.keys()][0]).toBe('shop/payments/gateway.py');
    const contribution = (file: { signals: { signal: string; contribution: number }[] } | undefined) => file?.signals.find((s) => s.signal === 'meta')?.contribution ?? 0;
    const withMeta = await cairnRanker.rank(fixture.reader, { query: 'the payment provider talks back', limit: 5 });
    const without = await cairnRankerWithoutMeta.rank(fixture.reader, { query: 'the payment provider talks back', limit: 5 });
    expect(contribution(withMeta.files.find((f) => f.path === 'shop/payments/gateway.py'))).toBeGreaterThan(0);
    expect(contribution(without.files.find((f) => f.path === 'shop/payments/gateway.py'))).toBe(0);
  });

  it('puts the file defining a named function first', async () => {
    expect((await topFiles('Discount codes are case sensitive in `apply_discount`'))[0]).toBe('shop/pricing.py');
  });

  it('follows the innermost in-project frame of a traceback, ignoring the reporter script and the stdlib', async () => {
    const query = [
      'Charging an empty cart crashes',
      '```',
      'Traceback (most recent call last):',
      '  File "/home/me/checkout.py", line 9, in <module>',
      '  File "/usr/lib/python3/site-packages/shop/payments/gateway.py", line 14, in charge',
      '  File "/usr/lib/python3/site-packages/shop/cart.py", line 33, in total',
      '  File "/usr/lib/python3.11/json/__init__.py", line 1, in dumps',
      'ValueError: bad',
      '```',
    ].join('\n');
    const result = await cairnRanker.rank(fixture.reader, { query, limit: 5 });
    expect(result.files[0]?.path).toBe('shop/cart.py');
    expect(result.files.map((f) => f.path)).toContain('shop/payments/gateway.py');
    expect(result.symbols[0]?.key).toBe('shop/cart.py::Cart.total');
  });

  it('pins a path named outright to the top even when every text signal prefers another file', async () => {
    const query = 'Cart total, cart discount, cart tax and cart items are all wrong in web/src/format.ts';
    const result = await cairnRanker.rank(fixture.reader, { query, limit: 3 });
    expect(result.files[0]?.path).toBe('web/src/format.ts');
    expect(result.files[0]?.signals.map((s) => s.signal)).toContain('pinned');
    expect(result.files[0]!.score).toBeGreaterThan(result.files[1]!.score);
  });

  it('resolves dotted module paths and links to source files', async () => {
    expect((await topFiles('Crash in shop.payments.gateway when the provider is down'))[0]).toBe('shop/payments/gateway.py');
    expect((await topFiles('see https://github.com/acme/shop/blob/main/web/src/format.ts#L2 for the rounding'))[0]).toBe('web/src/format.ts');
  });

  it('ranks tests below the code they test unless the task is about tests', async () => {
    const plain = await topFiles('cart total discount tax', 5);
    expect(plain.indexOf('shop/cart.py')).toBeLessThan(plain.indexOf('tests/test_cart.py'));
  });

  it('ranks the method a task is about above its class, which matches on its name alone', async () => {
    const result = await cairnRanker.rank(fixture.reader, { query: 'Cart total ignores the discount code of the cart', limit: 10 });
    const keys = result.symbols.map((symbol) => symbol.key);
    expect(keys).toContain('shop/cart.py::Cart');
    expect(keys.indexOf('shop/cart.py::Cart.total')).toBeLessThan(keys.indexOf('shop/cart.py::Cart'));
    const cart = result.symbols.find((symbol) => symbol.key === 'shop/cart.py::Cart')!;
    expect(cart.signals.map((signal) => signal.signal)).toContain('kind');
  });

  it('explains every result with its signals and rank', async () => {
    const result = await cairnRanker.rank(fixture.reader, { query: 'apply_discount ignores unknown codes', limit: 3 });
    const signals = result.files[0]!.signals.map((s) => s.signal);
    expect(signals).toContain('anchors');
    expect(signals).toContain('prior');
    for (const signal of result.files[0]!.signals.filter((s) => s.rank !== null)) expect(signal.contribution).toBeGreaterThan(0);
  });

  it('ranks code above the docs and tests that repeat its words, where plain BM25 does not', async () => {
    const queries = ['Discount codes are case sensitive in `apply_discount`', 'cart total discount tax'];
    for (const query of queries) {
      const baseline = (await bm25Baseline.rank(fixture.reader, { query, limit: 1 })).files[0]?.path;
      expect(baseline === 'docs/payments.md' || baseline === 'tests/test_cart.py').toBe(true);
      const cairn = (await topFiles(query, 1))[0];
      expect(['shop/pricing.py', 'shop/cart.py']).toContain(cairn);
    }
  });
});
