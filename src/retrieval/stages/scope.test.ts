import { writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitInit } from '../../../test/support/temp-repo.js';
import { diskSources } from '../source/source-texts.js';
import { deterministicJudge } from '../judge/judge.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { analyzeTask } from '../task/task-query.js';
import { DEFAULT_SCOPE_OPTIONS, ENRICHMENT_MISSING_NOTE, scopeStage, type ScopeOptions } from './scope.js';
import { emptyContext, type RetrievalContext } from './stage.js';
import type { EnrichmentReader } from '../../store/enrichment.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from '../../store/sqlite/enrichment-store.js';

const ONLY_NAMED: ScopeOptions = { ...DEFAULT_SCOPE_OPTIONS, seeds: { ...DEFAULT_SCOPE_OPTIONS.seeds, topRanked: 0, maxRanked: 0 } };

async function scope(repo: IndexedRepo, text: string, options = DEFAULT_SCOPE_OPTIONS, available = 20_000, enrichment: EnrichmentReader | null = null): Promise<RetrievalContext> {
  const { reader, root } = repo.ports;
  const task = await analyzeTask(reader, text);
  const budget = { contextWindow: available + 1000, reservedTokens: 1000, available };
  return scopeStage(options).run(emptyContext('task', 'run', budget), { reader, sources: diskSources(root), enrichment }, task, deterministicJudge);
}

function file(context: RetrievalContext, path: string) {
  return context.files.find((entry) => entry.path === path);
}

describe('scope stage on the shop fixture', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
  });
  afterAll(() => repo.close());

  it('makes seeds of files named in the task and of the homes of named symbols, at tier 0', async () => {
    const context = await scope(repo, 'Rounding in `shop/pricing.py`\n`PaymentError` is raised for a zero total.', ONLY_NAMED);
    expect(file(context, 'shop/pricing.py')).toMatchObject({ tier: 0, relation: 'named in the task' });
    expect(file(context, 'shop/payments/gateway.py')).toMatchObject({ tier: 0, relation: 'defines a named symbol' });
    expect(file(context, 'shop/payments/gateway.py')!.reason).toContain('PaymentError');
  });

  it('makes seeds of the top-ranked files when the task names none', async () => {
    const context = await scope(repo, 'discount codes are applied after tax');
    const seeds = context.files.filter((entry) => entry.tier === 0);
    expect(seeds.length).toBeGreaterThan(0);
    expect(seeds.every((seed) => seed.relation === 'top search result')).toBe(true);
    expect(seeds.map((seed) => seed.path)).toContain('shop/pricing.py');
  });

  it('brings in direct dependencies of the seeds at tier 1, both ways, saying which seed and how', async () => {
    const context = await scope(repo, 'Something is off in `shop/cart.py`', ONLY_NAMED);
    expect(file(context, 'shop/cart.py')!.tier).toBe(0);
    expect(file(context, 'shop/pricing.py')).toMatchObject({ tier: 1, relation: 'imported by', via: 'shop/cart.py' });
    expect(file(context, 'shop/payments/gateway.py')).toMatchObject({ tier: 1, via: 'shop/cart.py' });
    // The seed's own test (named after it, and importing it) comes as its test.
    expect(file(context, 'tests/test_cart.py')).toMatchObject({ tier: 1, relation: 'a test named after', testOf: 'shop/cart.py' });
    // Within the tier, ordered by relevance to the seeds: scores are normalised to the best.
    const tier1 = context.files.filter((entry) => entry.tier === 1);
    expect(Math.max(...tier1.map((entry) => entry.score))).toBe(1);
  });

  it('records a decision for every file it considered, per tier, and never adds a file twice', async () => {
    const context = await scope(repo, 'Something is off in `shop/cart.py`', ONLY_NAMED);
    const { reader } = repo.ports;
    const neighbours = new Set([
      ...reader.importsOf('shop/cart.py').flatMap((record) => record.toPaths),
      ...reader.importedBy('shop/cart.py').map((record) => record.fromPath),
      ...reader.fileReferencesFrom('shop/cart.py').map((ref) => ref.path),
      ...reader.fileReferencesTo('shop/cart.py').map((ref) => ref.path),
    ]);
    neighbours.delete('shop/cart.py');
    const decided = (path: string, tier: number) => context.decisions.some((d) => d.subject === 'file' && d.id === path && d.tier === tier);
    for (const path of neighbours) expect(decided(path, 1), path).toBe(true);
    const task = await analyzeTask(reader, 'Something is off in `shop/cart.py`');
    for (const ranked of task.ranked.files) expect(decided(ranked.path, 3), ranked.path).toBe(true);
    expect(decided('shop/cart.py', 0)).toBe(true);
    const paths = context.files.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const included of context.files) {
      expect(context.decisions.some((d) => d.id === included.path && d.verdict === 'included' && d.tier === included.tier)).toBe(true);
    }
  });

  it('caps the tiers by the budget and logs what the cap left out', async () => {
    const threeSeeds = { ...DEFAULT_SCOPE_OPTIONS, seeds: { ...DEFAULT_SCOPE_OPTIONS.seeds, topRanked: 3, maxRanked: 3 } };
    const roomy = await scope(repo, 'cart totals and discount codes', threeSeeds, 50_000);
    const tight = await scope(repo, 'cart totals and discount codes', threeSeeds, 600);
    expect(tight.files.length).toBeLessThan(roomy.files.length);
    const capped = tight.decisions.filter((d) => d.verdict === 'excluded' && d.reason.includes('cap of'));
    expect(capped.length).toBeGreaterThan(0);
    // Seeds are never capped.
    expect(tight.files.filter((entry) => entry.tier === 0).length).toBe(roomy.files.filter((entry) => entry.tier === 0).length);
  });

  it('brings in files whose promoted summary matches the task at tier 4, and not those merely staged', async () => {
    const indexDir = join(repo.dir.path, '.cairn');
    const store = openSqliteEnrichmentStore(indexDir);
    const row = { contentHash: 'a'.repeat(64), model: 'ollama:test', domain: 'storefront', concepts: ['storefront'], promptTokens: 1, completionTokens: 1, at: 1 };
    store.stage([{ ...row, path: 'web/src/format.ts', summary: 'Formats amounts for the storefront widgets.' }]);
    const task = 'The storefront widgets look wrong after `shop/cart.py` changed';
    // The stage is handed the reader while the summary is only staged: it must not see it.
    const staged = openSqliteEnrichmentReader(indexDir)!;
    expect(file(await scope(repo, task, ONLY_NAMED, 20_000, staged), 'web/src/format.ts')?.tier).not.toBe(4);
    staged.close();
    store.promote();
    store.close();
    const reader = openSqliteEnrichmentReader(indexDir)!;
    try {
      const context = await scope(repo, task, ONLY_NAMED, 20_000, reader);
      expect(file(context, 'web/src/format.ts')).toMatchObject({ tier: 4, relation: 'summary match' });
      expect(context.decisions).toContainEqual(expect.objectContaining({ id: 'web/src/format.ts', tierName: 'metadata', verdict: 'included' }));
    } finally {
      reader.close();
    }
  });

  it('puts no note about the missing metadata enrichment into the package (the run log has it)', async () => {
    expect((await scope(repo, 'cart totals')).notes).not.toContain(ENRICHMENT_MISSING_NOTE);
  });
});

describe('scope stage: co-change tier', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
    const git = gitInit(repo.dir.path);
    git.commit('initial');
    for (const round of [1, 2]) {
      appendFileSync(join(repo.dir.path, 'shop/pricing.py'), `\n# pricing revision ${round}\n`);
      writeFileSync(join(repo.dir.path, 'docs/payments.md'), `# Payments\n\nRevision ${round}.\n`);
      git.commit(`pricing and its docs, round ${round}`);
    }
    await repo.reindex();
  });
  afterAll(() => repo.close());

  it('brings in files that changed together with a seed at least minCoChange times, at tier 2', async () => {
    const context = await scope(repo, 'Discount rounding in `shop/pricing.py`', ONLY_NAMED);
    expect(file(context, 'docs/payments.md')).toMatchObject({ tier: 2, via: 'shop/pricing.py' });
    expect(file(context, 'docs/payments.md')!.relation).toMatch(/^changed together \(\d+ commits\) with$/);
    const strict = await scope(repo, 'Discount rounding in `shop/pricing.py`', { ...ONLY_NAMED, minCoChange: 10 });
    expect(file(strict, 'docs/payments.md')?.tier).not.toBe(2);
  });
});

describe('rankedSeedCount', () => {
  it('grows with the budget between its floor and its ceiling', async () => {
    const { DEFAULT_SEED_OPTIONS, rankedSeedCount } = await import('./scope-seeds.js');
    expect(rankedSeedCount(DEFAULT_SEED_OPTIONS, 1000)).toBe(5);
    expect(rankedSeedCount(DEFAULT_SEED_OPTIONS, 8000)).toBe(15);
    expect(rankedSeedCount(DEFAULT_SEED_OPTIONS, 32_000)).toBe(20);
    expect(rankedSeedCount({ ...DEFAULT_SEED_OPTIONS, topRanked: 0, maxRanked: 0 }, 32_000)).toBe(0);
  });
});
