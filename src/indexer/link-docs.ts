// The docs step of the link phase: mentions of repository paths and definitions in doc
// chunks become doc→code links. Runs in the index run's thread, or, for a whole-index
// relink of a large repository, on the link thread (link-thread.ts).

import type { DocLink, SymbolRecord } from '../core/entities.js';
import type { IndexWriter } from '../store/curated.js';
import type { TrackedChange } from './change-tracker.js';
import { buildMentionIndex, findDocMentions } from './docs/mentions.js';
import { changedNames } from './resolve/index.js';

/** Whole-index reads the step needs (the link phase shares one snapshot of them between steps). */
export interface LinkReads {
  filePaths(): string[];
  allSymbols(): SymbolRecord[];
}

/** Which docs to relink: all of them, or those the changes can have affected. */
export type DocsRelink = { all: true } | { all: false; changes: readonly TrackedChange[] };

/** Relinks docs; returns how many links were written. */
export function linkDocs(writer: IndexWriter, reads: LinkReads, relink: DocsRelink): number {
  const allChunks = relink.all ? writer.docChunks() : null;
  const docPaths = allChunks ? new Set(allChunks.map((chunk) => chunk.path)) : docsToRelink(writer, relink.all ? [] : relink.changes);
  if (docPaths.size === 0) return 0;
  const chunks = allChunks ?? [...docPaths].sort().flatMap((path) => writer.docChunks(path));
  const index = buildMentionIndex(reads.filePaths(), reads.allSymbols());
  const links: DocLink[] = chunks.flatMap((chunk) => findDocMentions(chunk, index));
  writer.replaceDocLinks([...docPaths], links);
  return links.length;
}

/**
 * Docs whose links may have moved: the changed docs themselves, and docs that mention a
 * definition that appeared or disappeared (found through the docs' full-text index, so
 * an edit that renames nothing costs no relinking at all).
 */
function docsToRelink(writer: IndexWriter, changes: readonly TrackedChange[]): Set<string> {
  const paths = new Set(changes.filter((change) => !change.removed && writer.docChunks(change.path).length > 0).map((change) => change.path));
  const names = [...new Set(changes.flatMap((change) => changedNames(change.symbolsBefore, change.symbolsAfter)))];
  if (names.length === 0) return paths;
  const terms = names.map((name) => name.toLowerCase());
  for (const hit of writer.search({ terms, target: 'doc', limit: 10_000, matchedFields: false })) paths.add(hit.path);
  return paths;
}
