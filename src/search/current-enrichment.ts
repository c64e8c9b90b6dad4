// Promoted enrichment as retrieval and search may read it: a summary speaks for the content
// it was written from, so it is used only while the index's record of the file still has
// that content hash. A file edited (and re-indexed) after `cairn enrich` has no summary
// until it is enriched again — `cairn enrich` asks about exactly those files.

import type { FileEnrichment } from '../core/enrichment.js';
import type { CuratedReader } from '../store/curated.js';
import type { EnrichmentHit, EnrichmentReader } from '../store/enrichment.js';

/**
 * The promoted enrichment, its stale rows hidden (checked against `reader`, the index the
 * caller answers from). `close` leaves the underlying reader to whoever opened it.
 */
export function currentEnrichment(enrichment: EnrichmentReader, reader: CuratedReader): EnrichmentReader {
  const promoted = (path: string): FileEnrichment | null => {
    const row = enrichment.promoted(path);
    return row !== null && reader.file(path)?.hash === row.contentHash ? row : null;
  };
  return {
    promoted,
    // Stale rows are counted: the count only says whether there is enrichment to look at.
    promotedCount: () => enrichment.promotedCount(),
    search: (terms, limit) => currentHits(enrichment, terms, limit, (path) => promoted(path) !== null),
    close: () => undefined,
  };
}

/** The best `limit` hits whose summary is current; more are asked for while stale ones crowd them out. */
function currentHits(enrichment: EnrichmentReader, terms: readonly string[], limit: number, isCurrent: (path: string) => boolean): EnrichmentHit[] {
  if (limit <= 0) return [];
  for (let asked = limit * 2; ; asked *= 4) {
    const hits = enrichment.search(terms, asked);
    const kept = hits.filter((hit) => isCurrent(hit.path));
    if (kept.length >= limit || hits.length < asked) return kept.slice(0, limit);
  }
}
