// The full-text signals of the ranker: fielded BM25 over definitions rolled up to files
// (best unit plus a bonus when several units match), whole-file BM25, and documentation
// chunks voting for the code they link to.

import type { CuratedReader, FileFilter, TextHit } from '../../store/curated.js';

export interface SymbolScores {
  /** Symbol key → BM25 score. */
  symbols: Map<string, number>;
  /** Path → rolled-up score. */
  files: Map<string, number>;
}

const SYMBOL_CANDIDATES = 400;
const FILE_CANDIDATES = 200;
const DOC_CANDIDATES = 40;
/** Second and third best units add this share of their score to their file. */
const ROLLUP_BONUS = [1, 0.35, 0.15];

export function symbolSignal(reader: CuratedReader, terms: string[], filter: FileFilter | undefined): SymbolScores {
  const symbols = new Map<string, number>();
  const files = new Map<string, number>();
  if (terms.length === 0) return { symbols, files };
  const hits = reader.search({ terms, target: 'symbol', limit: SYMBOL_CANDIDATES, matchedFields: false, ...(filter ? { filter } : {}) });
  const perFile = new Map<string, number[]>();
  for (const hit of hits) {
    symbols.set(hit.id, hit.score);
    const list = perFile.get(hit.path);
    if (list) list.push(hit.score);
    else perFile.set(hit.path, [hit.score]);
  }
  for (const [path, scores] of perFile) {
    scores.sort((a, b) => b - a);
    files.set(path, scores.slice(0, ROLLUP_BONUS.length).reduce((sum, score, i) => sum + score * ROLLUP_BONUS[i]!, 0));
  }
  return { symbols, files };
}

export function fileSignal(reader: CuratedReader, terms: string[], filter: FileFilter | undefined): Map<string, number> {
  const scores = new Map<string, number>();
  if (terms.length === 0) return scores;
  for (const hit of reader.search({ terms, target: 'file', limit: FILE_CANDIDATES, matchedFields: false, ...(filter ? { filter } : {}) })) {
    scores.set(hit.path, hit.score);
  }
  return scores;
}

/**
 * Files whose metadata matches: what the file says it is for (module docstring or leading
 * comment), its module and domain, its top-level names (core/file-meta.ts). A short field
 * that names the file's purpose, where whole-file BM25 is diluted by the file's length.
 */
export function metaSignal(reader: CuratedReader, terms: string[], filter: FileFilter | undefined): Map<string, number> {
  const scores = new Map<string, number>();
  if (terms.length === 0) return scores;
  for (const hit of reader.search({ terms, target: 'meta', limit: FILE_CANDIDATES, matchedFields: false, ...(filter ? { filter } : {}) })) {
    scores.set(hit.path, hit.score);
  }
  return scores;
}

/** Doc chunks matching the query vote for the code files they mention, by chunk score. */
export function docSignal(reader: CuratedReader, terms: string[]): Map<string, number> {
  const scores = new Map<string, number>();
  if (terms.length === 0) return scores;
  const hits: TextHit[] = reader.search({ terms, target: 'doc', limit: DOC_CANDIDATES, matchedFields: false });
  for (const hit of hits) {
    const links = reader.docLinksFrom(hit.id);
    if (links.length === 0) continue;
    const share = hit.score / Math.sqrt(links.length);
    for (const link of links) scores.set(link.toPath, (scores.get(link.toPath) ?? 0) + share);
  }
  return scores;
}
