// The enrichment port: model-written file summaries (core/enrichment.ts), staged by
// `cairn enrich` and promoted (or discarded) as a whole. Retrieval reads promoted rows only.

import type { FileEnrichment } from '../core/enrichment.js';

export interface EnrichmentHit {
  path: string;
  score: number;
}

/** What retrieval sees: promoted enrichment only. */
export interface EnrichmentReader {
  /** The promoted enrichment of a file, or null. */
  promoted(path: string): FileEnrichment | null;
  promotedCount(): number;
  /** Promoted files whose summary, domain or concepts match the terms (code-tokenized), best first. */
  search(terms: readonly string[], limit: number): EnrichmentHit[];
  close(): void;
}

export interface EnrichmentStore extends EnrichmentReader {
  /** Stores (or replaces) the staged enrichment of each file. */
  stage(rows: readonly FileEnrichment[]): void;
  /** The staged enrichment of a file, or null. */
  staged(path: string): FileEnrichment | null;
  stagedCount(): number;
  /** Makes every staged row the promoted one of its file (replacing the earlier one); returns how many. */
  promote(): number;
  /** Drops every staged row; returns how many. */
  discard(): number;
  /** Drops staged and promoted rows of files not in `keep` (files gone from the index); returns how many. */
  retain(keep: ReadonlySet<string>): number;
}
