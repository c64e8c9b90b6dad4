import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskSources } from '../source/source-texts.js';
import { deterministicJudge } from '../judge/judge.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { analyzeTask } from '../task/task-query.js';
import { assertedNames, hasRationale } from './precision-evidence.js';
import { precisionStage } from './precision.js';
import { withTuning } from '../tuning.js';
import { DEFAULT_SCOPE_OPTIONS, scopeStage } from './scope.js';
import { emptyContext, type Decision, type KnowledgeBase, type RetrievalContext } from './stage.js';

const ONLY_NAMED = { ...DEFAULT_SCOPE_OPTIONS, seeds: { ...DEFAULT_SCOPE_OPTIONS.seeds, topRanked: 0, maxRanked: 0 } };

describe('precision stage on the shop fixture', () => {
  let repo: IndexedRepo;
  let kb: KnowledgeBase;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
    kb = { reader: repo.ports.reader, sources: diskSources(repo.ports.root), enrichment: null };
  });
  afterAll(() => repo.close());

  // The fixture is a handful of small files: at the default share nearly every definition the
  // task touches is strong enough to be primary, so these tests ask for a stricter share to see
  // the other classes at work.
  const STRICT = withTuning({ precision: { minPrimaryShare: 0.4 } }).precision;

  async function run(text: string, options: { scope?: boolean; available?: number } = {}): Promise<RetrievalContext> {
    const task = await analyzeTask(repo.ports.reader, text);
    const available = options.available ?? 20_000;
    let context = emptyContext('task', 'run', { contextWindow: available + 500, reservedTokens: 500, available });
    if (options.scope !== false) context = await scopeStage(ONLY_NAMED).run(context, kb, task, deterministicJudge);
    return precisionStage(STRICT).run(context, kb, task, deterministicJudge);
  }

  const symbol = (context: RetrievalContext, key: string) => context.symbols.find((entry) => entry.key === key);
  const decision = (context: RetrievalContext, key: string): Decision | undefined =>
    context.decisions.find((entry) => entry.subject === 'symbol' && entry.id === key);

  it('sorts the symbols of the scoped files into primary, supporting, type context and excluded', async () => {
    const context = await run('`Cart.total` in `shop/cart.py` returns the wrong amount');
    expect(symbol(context, 'shop/cart.py::Cart.total')).toMatchObject({ class: 'primary', tier: 0 });
    expect(symbol(context, 'shop/cart.py::Cart.subtotal')).toMatchObject({ class: 'supporting', tier: 1, reason: 'called by primary shop/cart.py::Cart.total' });
    // apply_discount (a tier-1 file, imported by the seed) computes the amount the task is about.
    expect(symbol(context, 'shop/pricing.py::apply_discount')).toMatchObject({ class: 'primary', tier: 1 });
    expect(symbol(context, 'shop/cart.py::Cart')).toMatchObject({ class: 'type_context', reason: 'encloses primary shop/cart.py::Cart.total' });
    // DISCOUNTS bears on the task less than the primaries: held in reserve for what the budget leaves.
    expect(symbol(context, 'shop/pricing.py::DISCOUNTS')).toMatchObject({ class: 'supporting', reserve: true });
    expect(symbol(context, 'shop/pricing.py::DISCOUNTS')!.reason).toContain('held in reserve');
  });

  it('finds the tests that assert on a primary symbol', async () => {
    const context = await run('`Cart.total` in `shop/cart.py` returns the wrong amount');
    expect(symbol(context, 'tests/test_cart.py::test_total_applies_discount_and_tax')).toMatchObject({
      class: 'supporting',
      reason: 'test that asserts on shop/cart.py::Cart.total',
    });
  });

  it('records one decision per symbol of every scoped file', async () => {
    const context = await run('`Cart.total` in `shop/cart.py` returns the wrong amount');
    const expected = context.files.flatMap((file) => repo.ports.reader.symbolsOfFile(file.path).map((s) => s.key));
    const decided = context.decisions.filter((entry) => entry.subject === 'symbol').map((entry) => entry.id);
    expect([...decided].sort()).toEqual([...expected].sort());
    for (const included of context.symbols) expect(decision(context, included.key)!.verdict).toBe('included');
  });

  it('caps supporting context by the budget, keeping primaries, holds the rest in reserve, and says so', async () => {
    const context = await run('cart totals, discount codes, tax and payments', { available: 600 });
    const capped = context.decisions.filter((entry) => entry.reason.includes('beyond the cap'));
    expect(capped.length).toBeGreaterThan(0);
    expect(capped.every((entry) => entry.reason.includes('held in reserve'))).toBe(true);
    for (const entry of capped) expect(symbol(context, entry.id)?.reserve, entry.id).toBe(true);
    const kept = context.symbols.filter((entry) => entry.class !== 'primary' && entry.reserve !== true);
    expect(kept.length).toBeLessThanOrEqual(6);
  });

  it('works alone, on the seeds, when no scope stage ran before it', async () => {
    const context = await run('`Cart.total` in `shop/cart.py` returns the wrong amount', { scope: false });
    expect(context.files).toEqual([]);
    expect(symbol(context, 'shop/cart.py::Cart.total')?.class).toBe('primary');
  });
});

describe('precision evidence', () => {
  it('finds names on assertion lines only', () => {
    const source = 'def test_x():\n    cart = Cart()\n    total = cart.total()\n    assert total == 3\n    assert cart.subtotal() > 0\n';
    expect(assertedNames(source, ['total', 'subtotal', 'Cart'])).toEqual(['total', 'subtotal']);
    expect(assertedNames('expect(formatPrice(2)).toBe("€2.00")', ['formatPrice', 'describeCart'])).toEqual(['formatPrice']);
  });

  it('sees rationale in docstrings and comments, not in code', () => {
    const base = { key: 'a.py::f', path: 'a.py', name: 'f', qualifiedName: 'f', kind: 'function', signature: 'def f():', startByte: 0, endByte: 0, startLine: 1, endLine: 3, signatureEndLine: 1, parent: null, exported: true, method: 'ast' } as const;
    expect(hasRationale({ ...base, doc: 'Rounds up because the provider truncates.' }, null)).toBe(true);
    expect(hasRationale({ ...base, doc: null }, 'def f():\n    # workaround for a provider bug\n    return 1\n')).toBe(true);
    expect(hasRationale({ ...base, doc: 'Returns the total.' }, 'def f():\n    because = 1\n    return because\n')).toBe(false);
  });
});
