// The enrichment-store conformance suite: staged rows are invisible to readers until
// promoted, promotion replaces a file's earlier summary (and its full-text row), a discard
// drops only what was staged, and files gone from the index can be dropped.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileEnrichment } from '../../src/core/enrichment.js';
import type { EnrichmentReader, EnrichmentStore } from '../../src/store/enrichment.js';

export interface EnrichmentStoreHarness {
  store: EnrichmentStore;
  /** A read-only reader of the same store. */
  openReader(): EnrichmentReader;
  reopen(): EnrichmentStore;
  cleanup(): Promise<void>;
}

export type OpenEnrichmentStore = () => Promise<EnrichmentStoreHarness>;

function row(path: string, summary: string, extra: Partial<FileEnrichment> = {}): FileEnrichment {
  return { path, contentHash: 'a'.repeat(64), model: 'ollama:test', summary, domain: 'billing', concepts: ['invoice', 'tax_rate'], promptTokens: 120, completionTokens: 30, at: 1000, ...extra };
}

export function runEnrichmentStoreSuite(name: string, open: OpenEnrichmentStore): void {
  describe(`${name}: enrichment store`, () => {
    let harness: EnrichmentStoreHarness;
    let store: EnrichmentStore;
    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(async () => {
      store.close();
      await harness.cleanup();
    });

    it('keeps staged rows from readers until they are promoted', () => {
      store.stage([row('a.py', 'Computes invoices'), row('b.py', 'Sends emails', { domain: 'mail', concepts: ['smtp'] })]);
      expect(store.stagedCount()).toBe(2);
      expect(store.staged('a.py')).toEqual(row('a.py', 'Computes invoices'));
      expect(store.promoted('a.py')).toBeNull();
      expect(store.search(['invoices'], 5)).toEqual([]);
      expect(store.promote()).toBe(2);
      expect(store.stagedCount()).toBe(0);
      expect(store.promotedCount()).toBe(2);
      expect(store.promoted('a.py')).toEqual(row('a.py', 'Computes invoices'));
      expect(store.search(['smtp'], 5).map((hit) => hit.path)).toEqual(['b.py']);
      expect(store.search(['tax'], 5).map((hit) => hit.path)).toEqual(['a.py']);
      const reader = harness.openReader();
      try {
        expect(reader.promoted('b.py')?.summary).toBe('Sends emails');
      } finally {
        reader.close();
      }
    });

    it('replaces a promoted summary with a newly promoted one, and its search text with it', () => {
      store.stage([row('a.py', 'Computes invoices')]);
      store.promote();
      store.stage([row('a.py', 'Renders receipts', { contentHash: 'b'.repeat(64), concepts: [] })]);
      expect(store.promoted('a.py')?.summary).toBe('Computes invoices');
      store.promote();
      expect(store.promoted('a.py')).toMatchObject({ summary: 'Renders receipts', contentHash: 'b'.repeat(64) });
      expect(store.search(['invoices'], 5)).toEqual([]);
      expect(store.search(['receipts'], 5).map((hit) => hit.path)).toEqual(['a.py']);
      expect(store.promotedCount()).toBe(1);
    });

    it('discards only staged rows, and drops files no longer indexed', () => {
      store.stage([row('a.py', 'Computes invoices'), row('c.py', 'Parses dates')]);
      store.promote();
      store.stage([row('a.py', 'Something wrong')]);
      expect(store.discard()).toBe(1);
      expect(store.promoted('a.py')?.summary).toBe('Computes invoices');
      expect(store.retain(new Set(['a.py']))).toBe(1);
      expect(store.promoted('c.py')).toBeNull();
      expect(store.search(['dates'], 5)).toEqual([]);
      expect(store.promotedCount()).toBe(1);
    });

    it('persists across reopening', () => {
      store.stage([row('a.py', 'Computes invoices')]);
      store.promote();
      store.stage([row('b.py', 'Sends emails')]);
      store.close();
      store = harness.reopen();
      expect(store.promoted('a.py')?.summary).toBe('Computes invoices');
      expect(store.staged('b.py')?.summary).toBe('Sends emails');
    });
  });
}
