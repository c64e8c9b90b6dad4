// Regression (issue 26 review: stale enrichment summaries): the promoted enrichment as
// retrieval reads it hides every summary written for content its file no longer has — in
// `promoted` (the model's prompts) and in `search` (tier 4), even when stale rows outrank
// every current one.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEnrichment } from '../core/enrichment.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from '../store/sqlite/enrichment-store.js';
import { indexedFixture, type IndexedRepo } from '../../test/support/retrieval-repo.js';
import { currentEnrichment } from './current-enrichment.js';

function row(path: string, contentHash: string, summary: string): FileEnrichment {
  return { path, contentHash, model: 'ollama:test', summary, domain: 'storefront', concepts: [], promptTokens: 0, completionTokens: 0, at: 1 };
}

describe('stale enrichment summaries: currentEnrichment', () => {
  let repo: IndexedRepo;
  let enrichment: EnrichmentReader;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
    const indexDir = join(repo.dir.path, '.cairn');
    const store = openSqliteEnrichmentStore(indexDir);
    const hashOf = (path: string): string => repo.ports.reader.file(path)!.hash;
    // The stale rows say "storefront" more often: bm25 ranks them above the current one.
    store.stage([
      row('shop/cart.py', 'a'.repeat(64), 'storefront storefront storefront cart'),
      row('shop/pricing.py', 'b'.repeat(64), 'storefront storefront storefront prices'),
      row('shop/payments/gateway.py', 'c'.repeat(64), 'storefront storefront storefront payments'),
      row('web/src/format.ts', hashOf('web/src/format.ts'), 'Formats amounts for the storefront widgets, and more words besides.'),
      row('gone/file.py', 'd'.repeat(64), 'storefront of a file the index does not hold'),
    ]);
    store.promote();
    store.close();
    enrichment = openSqliteEnrichmentReader(indexDir)!;
  });
  afterAll(() => {
    enrichment.close();
    repo.close();
  });

  it('gives the summary of a file whose content is the one it was written from, and none for a stale or unknown file', () => {
    const current = currentEnrichment(enrichment, repo.ports.reader);
    expect(current.promoted('web/src/format.ts')?.summary).toMatch(/storefront widgets/);
    expect(current.promoted('shop/cart.py')).toBeNull();
    expect(current.promoted('gone/file.py')).toBeNull();
  });

  it('searches current summaries only, asking for more while stale ones crowd the best hits', () => {
    expect(enrichment.search(['storefront'], 1)[0]?.path).not.toBe('web/src/format.ts');
    const current = currentEnrichment(enrichment, repo.ports.reader);
    expect(current.search(['storefront'], 1).map((hit) => hit.path)).toEqual(['web/src/format.ts']);
    expect(current.search(['storefront'], 10).map((hit) => hit.path)).toEqual(['web/src/format.ts']);
  });
});
