// Similar past failures from the failure memory, most similar first (ties: the most
// recently recorded), each with its resolution, taken under the category's caps.

import type { CategoryCap } from '../config/diagnostics-defaults.js';
import type { FailureMemoryReader, FailureRecord } from '../store/failures.js';
import type { HandoffBundle } from './bundle.js';
import { fillCategory, type CapOutcome } from './caps.js';
import { signatureOf, similarity, type Similarity } from './failure-signature.js';

export interface MemoryEntry {
  id: string;
  /** ISO 8601. */
  recordedAt: string;
  similarity: Similarity;
}

/** Past failures below this similarity are not shown: sharing a common word is not a likeness. */
export const MIN_SIMILARITY = 0.15;
/** The most recent entries compared (the memory is a working set, not an archive). */
export const MEMORY_WINDOW = 5_000;

export function takeMemoryEntries(memory: FailureMemoryReader, bundle: HandoffBundle, cap: CategoryCap, minTruncatedBytes: number): CapOutcome<MemoryEntry> {
  const query = signatureOf(bundle);
  const ranked = memory
    .list(MEMORY_WINDOW)
    .map((record) => ({ record, similarity: similarity(query, record) }))
    .filter((entry) => entry.similarity.score >= MIN_SIMILARITY)
    .sort((a, b) => b.similarity.score - a.similarity.score || b.record.recordedAt - a.record.recordedAt || (a.record.id < b.record.id ? -1 : 1));
  return fillCategory(
    ranked.map(({ record, similarity: score }) => {
      const text = entryText(record);
      return {
        id: record.id,
        item: { id: record.id, recordedAt: new Date(record.recordedAt).toISOString(), similarity: score },
        load: () => ({ text, complete: true }),
      };
    }),
    cap,
    minTruncatedBytes,
  );
}

/** A past failure as the text a model reads: what failed, why, and what fixed it. */
export function entryText(record: FailureRecord): string {
  const frames = record.frames.slice(0, 5).map((frame) => `${frame.path}${frame.line === null ? '' : `:${frame.line}`}${frame.func ? ` in ${frame.func}` : ''}`);
  return [
    `error: ${record.errorMessage}`,
    record.rootCause ? `root cause: ${record.rootCause}` : null,
    `resolution: ${record.resolution}`,
    frames.length > 0 ? `frames: ${frames.join('; ')}` : null,
    `recorded: ${new Date(record.recordedAt).toISOString()}${record.phaseId ? ` in phase ${record.phaseId}` : ''}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}
