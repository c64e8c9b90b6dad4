// Which files need their symbols embedded: those whose stored stamp differs from the one
// their current content would get (new, changed, never finished, or chunked differently),
// and which stored files are gone. A no-change run compares two maps and does nothing else.

import { createHash } from 'node:crypto';
import { CHUNK_FORMAT } from './chunks.js';

export interface EmbedPlan {
  /** Files to chunk and embed, by path, with the stamp to record when done. */
  work: { path: string; stamp: string }[];
  /** Files with stored vectors that are no longer in the index. */
  stale: string[];
}

/**
 * What "embedded from this content" means: the chunk format, the input limit, the file hash,
 * and — when the file has a current summary — a hash of its summary chunk's text, so that a
 * summary promoted, changed or gone (stale) makes the file's vectors be stored again (its
 * symbol chunks then come from the cache).
 */
export function fileStamp(fileHash: string, maxInputChars: number, summaryText: string | null = null): string {
  const base = `c${CHUNK_FORMAT}:${maxInputChars}:${fileHash}`;
  return summaryText === null ? base : `${base}:s${createHash('sha256').update(summaryText).digest('hex').slice(0, 16)}`;
}

/** The text of a file's summary chunk (chunks.ts), or null when it has no current summary. */
export type SummaryTextOf = (path: string, fileHash: string) => string | null;

export function planEmbedding(
  files: ReadonlyMap<string, { hash: string }>,
  completed: ReadonlyMap<string, string>,
  maxInputChars: number,
  summaryText: SummaryTextOf = () => null,
): EmbedPlan {
  const work: EmbedPlan['work'] = [];
  for (const [path, file] of files) {
    const stamp = fileStamp(file.hash, maxInputChars, summaryText(path, file.hash));
    if (completed.get(path) !== stamp) work.push({ path, stamp });
  }
  work.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const stale = [...completed.keys()].filter((path) => !files.has(path)).sort();
  return { work, stale };
}
