// The row counts the writer keeps in meta (ROW_COUNTS_META) while nothing changes, read
// back defensively: they are only a copy.

import type { RowCounts } from './curated-reader.js';

const COUNTED = ['files', 'symbols', 'imports', 'references', 'docChunks', 'docLinks', 'coChangePairs', 'commits'] as const;

/**
 * The cached counts, or null when absent or not what the writer stores (a damaged or
 * hand-edited meta row): they are only a copy, so the caller counts again.
 */
export function cachedRowCounts(text: string | null): RowCounts | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const counts = value as Record<string, unknown>;
  const whole = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!COUNTED.every((name) => whole(counts[name]))) return null;
  const byLanguage = counts['filesByLanguage'];
  if (typeof byLanguage !== 'object' || byLanguage === null || !Object.values(byLanguage).every(whole)) return null;
  return value as RowCounts;
}
