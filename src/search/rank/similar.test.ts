import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedShop, type IndexedShop } from '../../../test/support/shop-index.js';
import { RRF_K } from './fusion.js';
import { distinctiveTerms, similarTo } from './similar.js';
import { structuralNeighbours } from '../graph/structural-similarity.js';
import { fileTarget, symbolTarget } from '../graph/targets.fixture.js';
import { graphOf } from '../graph/test-graphs.fixture.js';
import { readTargetText, resolveTarget } from '../graph/target.js';

describe('structuralNeighbours', () => {
  // a and b import the same rare module r and the hub u; c imports only u; u is imported by all.
  const files = ['a', 'b', 'c', 'd', 'e', 'r', 'u'];
  const graph = graphOf({
    files,
    imports: [['a', 'r'], ['b', 'r'], ['a', 'u'], ['b', 'u'], ['c', 'u'], ['d', 'u'], ['e', 'u']],
  });

  it('scores the cosine of idf-weighted shared neighbours, exactly', () => {
    const idfR = Math.log(1 + 7 / 2); // r is imported by 2 of 7 files
    const idfU = Math.log(1 + 7 / 5); // u by 5
    const matches = structuralNeighbours(graph, fileTarget('a'), 10);
    expect(matches.map((m) => m.id)).toEqual(['b', 'c', 'd', 'e']);
    expect(matches[0]!.score).toBeCloseTo(1, 12); // same features
    expect(matches[1]!.score).toBeCloseTo(idfU ** 2 / (Math.sqrt(idfR ** 2 + idfU ** 2) * idfU), 12);
  });

  it('a shared hub counts for less than a shared rare neighbour', () => {
    const g = graphOf({ files, imports: [['a', 'r'], ['b', 'r'], ['a', 'u'], ['c', 'u'], ['d', 'u'], ['e', 'u']] });
    const [first, second] = structuralNeighbours(g, fileTarget('a'), 10);
    expect(first!.id).toBe('b');
    expect(first!.score).toBeGreaterThan(second!.score);
  });

  it('compares symbols by their callers and callees, leaving module-level code out', () => {
    const g = graphOf({
      files: ['m', 'n'],
      references: [
        { from: 'm', to: 'n', fromKey: 'm::f', toKey: 'n::log' },
        { from: 'm', to: 'n', fromKey: 'm::g', toKey: 'n::log' },
        { from: 'm', to: 'n', fromKey: 'm', toKey: 'n::log' },
      ],
    });
    expect(structuralNeighbours(g, symbolTarget('m::f'), 10).map((m) => [m.id, m.path])).toEqual([['m::g', 'm']]);
  });

  it('a node without edges has no structural neighbours', () => {
    expect(structuralNeighbours(graph, fileTarget('no-such-file'), 10)).toEqual([]);
  });
});

describe('similarTo on the shop fixture', () => {
  let shop: IndexedShop;
  beforeAll(async () => {
    shop = await indexedShop();
  });
  afterAll(() => shop?.close());

  it('picks distinctive terms that occur elsewhere, by BM25 weight', () => {
    const text = readTargetText(shop.repo.path, fileTarget('shop/pricing.py'))!;
    const terms = distinctiveTerms(shop.reader, 'file', text, 100);
    const names = terms.map((t) => t.term);
    expect(names).toContain('welcome10'); // also in tests/test_cart.py
    expect(names).not.toContain('vip25'); // only in pricing.py: finds nothing else
    expect(names).not.toContain('the'); // stop word
    const { documents, documentFrequency } = shop.reader.termStats('file', ['rate']);
    const df = documentFrequency.get('rate')!;
    const rate = terms.find((t) => t.term === 'rate')!; // 3 times in pricing.py
    expect(rate.weight).toBeCloseTo(((3 * 2.2) / (3 + 1.2)) * Math.log(1 + (documents - df + 0.5) / (df + 0.5)), 12);
    for (let i = 1; i < terms.length; i++) expect(terms[i - 1]!.weight).toBeGreaterThanOrEqual(terms[i]!.weight);
    expect(distinctiveTerms(shop.reader, 'file', text, 3).map((t) => t.term)).toEqual(names.slice(0, 3));
  });

  it('fuses structure and text by reciprocal rank and explains both', () => {
    const target = resolveTarget(shop.reader, 'shop/cart.py');
    const result = similarTo(shop.graph, shop.reader, target, { limit: 5, text: readTargetText(shop.repo.path, target) });
    expect(result.results.map((r) => r.id)).not.toContain('shop/cart.py');
    const [top] = result.results;
    // gateway.py is the only file sharing neighbours with cart.py (both imported by shop/__init__.py).
    expect(top!.id).toBe('shop/payments/gateway.py');
    expect(top!.signals.map((s) => s.signal).sort()).toEqual(['structural', 'textual']);
    const structural = top!.signals.find((s) => s.signal === 'structural')!;
    expect(structural).toMatchObject({ rank: 1, contribution: 1 / (RRF_K + 1) });
    expect(top!.score).toBeCloseTo(top!.signals.reduce((sum, s) => sum + s.contribution, 0), 12);
    for (let i = 1; i < result.results.length; i++) expect(result.results[i - 1]!.score).toBeGreaterThanOrEqual(result.results[i]!.score);
  });

  it('finds symbols for a symbol, and falls back to structure when the text cannot be read', () => {
    const target = resolveTarget(shop.reader, 'apply_discount');
    const withText = similarTo(shop.graph, shop.reader, target, { limit: 5, text: readTargetText(shop.repo.path, target) });
    expect(withText.results.every((r) => r.kind === 'symbol' && r.id.includes('::'))).toBe(true);
    expect(withText.results.map((r) => r.id)).not.toContain('shop/pricing.py::apply_discount');
    const structureOnly = similarTo(shop.graph, shop.reader, target, { limit: 5, text: null });
    expect(structureOnly.terms).toEqual([]);
    expect(structureOnly.results.map((r) => r.id)).toEqual(['shop/cart.py::Cart.subtotal']); // both called by Cart.total
  });
});
