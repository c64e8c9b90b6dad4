// The code-tokenized text of every full-text field of an indexed file, computed where the
// file is extracted (a worker thread) so that tokenizing runs in parallel; the store only
// writes it. The encoder memoises word expansions (tokens.ts ftsTextMemo) and is bounded
// so that a repository full of unique tokens (minified code, data) cannot grow it without limit.

import type { DocChunk, EntityKey, SymbolRecord } from './entities.js';
import { ftsTextMemo, pathTokens } from './tokens.js';

const MAX_MEMO_WORDS = 200_000;

/**
 * Bumped whenever tokenization changes what is indexed (2: Porter stems); an index built
 * with another version is re-extracted in full on its next run.
 */
export const SEARCH_TEXT_VERSION = '2';

export class SearchTextEncoder {
  private readonly memo = new Map<string, string>();

  /** Same output as ftsText(text). */
  text(text: string | null): string {
    if (text === null || text.length === 0) return '';
    if (this.memo.size > MAX_MEMO_WORDS) this.memo.clear();
    return ftsTextMemo(text, this.memo);
  }

  path(path: string): string {
    return pathTokens(path).join(' ');
  }

  /**
   * Same output as text(text), through a memo of whole lines: no token spans a line, so
   * a text's tokens are its lines' tokens in order. A file's symbols cover its lines
   * again, so with one line memo per file each line is tokenized once.
   */
  lines(text: string | null, lineMemo: Map<string, string>): string {
    if (text === null || text.length === 0) return '';
    const parts: string[] = [];
    for (const line of text.split('\n')) {
      let tokens = lineMemo.get(line);
      if (tokens === undefined) {
        tokens = this.text(line);
        lineMemo.set(line, tokens);
      }
      if (tokens.length > 0) parts.push(tokens);
    }
    return parts.join(' ');
  }
}

export interface SymbolSearchText {
  name: string;
  qualified: string;
  signature: string;
  doc: string;
  body: string;
}

/** Full-text fields of one file; `symbols` and `docChunks` parallel the file's lists. */
export interface SearchableText {
  path: string;
  body: string;
  symbols: SymbolSearchText[];
  docChunks: { heading: string; body: string }[];
}

export interface SearchTextSource {
  path: string;
  text: string | null;
  symbols: readonly SymbolRecord[];
  symbolBodies: ReadonlyMap<EntityKey, string>;
  docChunks: readonly DocChunk[];
}

export function searchTextOf(source: SearchTextSource, encoder: SearchTextEncoder): SearchableText {
  const lineMemo = new Map<string, string>();
  return {
    path: encoder.path(source.path),
    body: encoder.lines(source.text, lineMemo),
    symbols: source.symbols.map((symbol) => ({
      name: encoder.text(symbol.name),
      qualified: encoder.text(symbol.qualifiedName),
      signature: encoder.text(symbol.signature),
      doc: encoder.text(symbol.doc),
      body: encoder.lines(source.symbolBodies.get(symbol.key) ?? null, lineMemo),
    })),
    docChunks: source.docChunks.map((chunk) => ({ heading: encoder.text(chunk.headingPath.join(' ')), body: encoder.text(chunk.text) })),
  };
}
