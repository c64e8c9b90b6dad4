// What a model wrote about one file (`cairn enrich`): a short purpose summary, the domain or
// module it belongs to and its key concepts, tied to the exact content it was written from.
// Staged when written; visible to retrieval only once promoted, so a bad run can be thrown
// away. A file whose content changed has no current enrichment until it is enriched again.

export interface FileEnrichment {
  path: string;
  /** SHA-256 (hex) of the file content the summary was written from. */
  contentHash: string;
  /** The model that wrote it ("provider:model"). */
  model: string;
  summary: string;
  domain: string;
  concepts: string[];
  /** Tokens the call took, as the server reported them (0 when it did not). */
  promptTokens: number;
  completionTokens: number;
  /** Unix milliseconds when it was written. */
  at: number;
}

export const MAX_SUMMARY_CHARS = 400;
export const MAX_DOMAIN_CHARS = 80;
export const MAX_CONCEPTS = 8;
export const MAX_CONCEPT_CHARS = 60;
