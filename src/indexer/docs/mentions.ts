// Links a doc chunk to the repository files and symbols it mentions (see mention-resolve.ts
// for what counts as a mention). Links are deduplicated per chunk and come in order of
// first mention; a chunk never links to its own file.

import type { DocChunk, DocLink } from '../../core/entities.js';
import type { MentionIndex } from './mention-index.js';
import { resolveCandidate } from './mention-resolve.js';
import { scanCandidates } from './mention-scan.js';

export { buildMentionIndex, type MentionIndex, type MentionSymbol } from './mention-index.js';

export function findDocMentions(chunk: DocChunk, index: MentionIndex): DocLink[] {
  const links: DocLink[] = [];
  const seen = new Set<string>();
  for (const candidate of scanCandidates(chunk.text)) {
    for (const target of resolveCandidate(candidate, index, chunk.path)) {
      const identity = `${target.path}\0${target.key ?? ''}`;
      if (target.path === chunk.path || seen.has(identity)) continue;
      seen.add(identity);
      links.push({ chunkId: chunk.id, fromPath: chunk.path, toPath: target.path, toKey: target.key, mention: candidate.written });
    }
  }
  return links;
}
