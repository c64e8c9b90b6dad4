// The model summaries a package may show with its files: the promoted `cairn enrich` summary
// of each candidate file, when current (the enrichment retrieval reads is already limited to
// summaries written from the content the index holds: search/current-enrichment.ts), with
// credentials redacted like every text a face hands out. The fitter counts each one with the
// first item of its file it places, so a summary is never shown without its file.

import type { FileSummary } from '../../core/context-package.js';
import { redactSecrets } from '../../core/redact.js';
import type { EnrichmentReader } from '../../store/enrichment.js';

/** The current summaries of `paths`, in their order (none without enrichment). */
export function fileSummaries(enrichment: EnrichmentReader | null, paths: Iterable<string>): FileSummary[] {
  if (enrichment === null) return [];
  const summaries: FileSummary[] = [];
  for (const path of paths) {
    const row = enrichment.promoted(path);
    if (row === null || row.summary.trim() === '') continue;
    summaries.push({ path, text: redactSecrets(row.summary).text, model: row.model });
  }
  return summaries;
}
