// The promoted enrichment a served workspace hands retrieval, as the CLI's retrieval does
// (app/retrieval.ts): the same summaries, so the faces rank alike. A server outlives many
// `cairn enrich` runs: while the index directory holds no enrichment it is looked for
// again on each use (the first run creates it); once open, each promotion is seen as it
// commits. Whether a summary is still current is retrieval's check, per index generation.

import type { EnrichmentReader } from '../store/enrichment.js';

/** A reader over whatever `open` finds, opened on first use and kept once found. */
export function followedEnrichment(open: () => EnrichmentReader | null): EnrichmentReader {
  let found: EnrichmentReader | null = null;
  const current = (): EnrichmentReader | null => (found ??= open());
  return {
    promoted: (path) => current()?.promoted(path) ?? null,
    promotedCount: () => current()?.promotedCount() ?? 0,
    search: (terms, limit) => current()?.search(terms, limit) ?? [],
    close: () => {
      found?.close();
      found = null;
    },
  };
}
