// Which files need their symbols embedded: those whose stored stamp differs from the one
// their current content would get (new, changed, never finished, or chunked differently),
// and which stored files are gone. A no-change run compares two maps and does nothing else.

import { CHUNK_FORMAT } from './chunks.js';

export interface EmbedPlan {
  /** Files to chunk and embed, by path, with the stamp to record when done. */
  work: { path: string; stamp: string }[];
  /** Files with stored vectors that are no longer in the index. */
  stale: string[];
}

/** What "embedded from this content" means: the chunk format, the input limit, the file hash. */
export function fileStamp(fileHash: string, maxInputChars: number): string {
  return `c${CHUNK_FORMAT}:${maxInputChars}:${fileHash}`;
}

export function planEmbedding(
  files: ReadonlyMap<string, { hash: string }>,
  completed: ReadonlyMap<string, string>,
  maxInputChars: number,
): EmbedPlan {
  const work: EmbedPlan['work'] = [];
  for (const [path, file] of files) {
    const stamp = fileStamp(file.hash, maxInputChars);
    if (completed.get(path) !== stamp) work.push({ path, stamp });
  }
  work.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const stale = [...completed.keys()].filter((path) => !files.has(path)).sort();
  return { work, stale };
}
