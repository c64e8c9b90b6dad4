// A promoted `cairn enrich` summary is shown with its file, one line under the file's first
// item, marked as a model's words, in every format; redacted like everything handed out;
// counted in the budget; and only while the file has the content it was written from.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { itemIdentity, textAt } from '../../core/context-package.js';
import { parseJson, parseMarkdown, renderPackage } from '../../render/index.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from '../../store/sqlite/enrichment-store.js';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { retrieve, type RetrieveRequest } from '../pipeline/retrieve.js';

const TOKEN = 'ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i';
const SUMMARY = `Holds the shopping cart and its totals; the demo token is ${TOKEN}.`;
const SHOWN = 'model summary (ollama:test): Holds the shopping cart and its totals; the demo token is [redacted].';
const REQUEST: RetrieveRequest = {
  task: 'The total in `shop/cart.py` is wrong when a discount applies',
  stages: ['scope', 'precision'],
  budget: { contextWindow: 6000, reservedTokens: 0 },
  format: 'markdown',
};

const opened: { close(): unknown }[] = [];
afterEach(() => {
  for (const thing of opened.splice(0).reverse()) thing.close();
});

/** The shop fixture with shop/cart.py's summary promoted for its content as indexed now. */
async function enrichedShop(): Promise<IndexedRepo> {
  const repo = await indexedFixture('shop');
  opened.push(repo);
  const indexDir = join(repo.dir.path, '.cairn');
  const store = openSqliteEnrichmentStore(indexDir);
  const contentHash = repo.ports.reader.file('shop/cart.py')!.hash;
  store.stage([{ path: 'shop/cart.py', contentHash, model: 'ollama:test', summary: SUMMARY, domain: 'shop', concepts: ['cart'], promptTokens: 1, completionTokens: 1, at: 1 }]);
  store.promote();
  store.close();
  const enrichment = openSqliteEnrichmentReader(indexDir)!;
  opened.push(enrichment);
  repo.ports.enrichment = enrichment;
  return repo;
}

describe('a file\'s model summary in the package', () => {
  it('is shown once, under the first item of its file, marked and redacted, in markdown, prompt and JSON, within the budget', async () => {
    const repo = await enrichedShop();
    const { package: pkg, rendered } = await retrieve(repo.ports, REQUEST);
    expect(pkg.summaries).toEqual([{ path: 'shop/cart.py', text: SUMMARY.replace(TOKEN, '[redacted]'), model: 'ollama:test' }]);
    const lines = rendered.split('\n');
    expect(lines.filter((line) => line.startsWith('model summary'))).toEqual([SHOWN]);
    const parsed = parseMarkdown(rendered);
    const first = parsed.find((item) => item.path === 'shop/cart.py')!;
    expect(first.summary).toBe(SHOWN);
    expect(parsed.filter((item) => item.summary !== undefined)).toHaveLength(1);
    // The summary is no part of any item's code.
    for (const item of pkg.items) expect(textAt(item, item.detail) ?? '').not.toContain('shopping cart and its totals');
    expect(renderPackage(pkg, 'prompt')).toContain(`\n${SHOWN}\n`);
    const json = parseJson(renderPackage(pkg, 'json'));
    expect(json.items.filter((item) => item.summary)).toEqual([expect.objectContaining({ path: 'shop/cart.py', summary: { model: 'ollama:test', text: SUMMARY.replace(TOKEN, '[redacted]') } })]);
    expect(createO200kCounter().count(rendered)).toBe(pkg.budget.used);
    expect(pkg.budget.used).toBeLessThanOrEqual(pkg.budget.available);
    expect(rendered).not.toContain(TOKEN);
  });

  it('is not shown once the file changed since the summary was written', async () => {
    const repo = await enrichedShop();
    appendFileSync(join(repo.dir.path, 'shop/cart.py'), '\n\nCART_LIMIT = 100\n');
    await repo.reindex();
    const { package: pkg, rendered } = await retrieve(repo.ports, REQUEST);
    expect(pkg.items.map(itemIdentity).some((key) => key.startsWith('shop/cart.py'))).toBe(true);
    expect(pkg.summaries).toBeUndefined();
    expect(rendered).not.toContain('model summary');
  });
});
