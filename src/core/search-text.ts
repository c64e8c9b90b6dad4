// The code-tokenized text of every full-text field of an indexed file, computed where the
// file is extracted (a worker thread) so that tokenizing runs in parallel; the store only
// writes it. The encoder memoises word expansions and is bounded so that a repository
// full of unique tokens (minified code, data) cannot grow it without limit.

import type { DocChunk, EntityKey, SymbolRecord } from './entities.js';
import { FileLines } from './file-lines.js';
import { TokenBuffer } from './token-buffer.js';
import { nextWordStart, pathTokens, scanWord } from './tokens.js';
import { WordTable } from './word-table.js';

const MAX_MEMO_WORDS = 200_000;
const MAX_MEMO_BYTES = 32 * 1024 * 1024;
const MIN_LOOKAHEAD = 64;

/**
 * Bumped whenever tokenization changes what is indexed (2: Porter stems); an index built
 * with another version is re-extracted in full on its next run.
 */
export const SEARCH_TEXT_VERSION = '2';

/**
 * Same output as ftsText and pathTokens, much cheaper: each distinct word is expanded
 * once per encoder (keep one per thread, across files), and a file's lines are tokenized
 * once for the file and for its symbols' bodies together (fileText, then filePart).
 */
export class SearchTextEncoder {
  private readonly words = new WordTable({ maxWords: MAX_MEMO_WORDS, maxBytes: MAX_MEMO_BYTES });
  private readonly scratch = new TokenBuffer();
  private readonly fileTokens = new TokenBuffer();
  private readonly fileLines = new FileLines();
  private readonly wordHash = new Int32Array(1);

  /** Same output as ftsText(text). */
  text(text: string | null): string {
    if (text === null || text.length === 0) return '';
    this.scratch.length = 0;
    this.appendTokens(text, 0, text.length, this.scratch);
    return this.scratch.textSince(0);
  }

  path(path: string): string {
    return pathTokens(path).join(' ');
  }

  /**
   * Same output as text(text) for a whole file; its lines and their tokens are kept, until
   * the next call, for filePart.
   */
  fileText(text: string | null): string {
    const file = text ?? '';
    const out = this.fileTokens;
    out.length = 0;
    this.fileLines.begin(file);
    for (let start = 0; start < file.length; ) {
      const end = lineEnd(file, start);
      this.fileLines.addLine(start, out.length);
      this.appendTokens(file, start, end, out);
      start = end + 1;
    }
    this.fileLines.end(out.length);
    return out.textSince(0);
  }

  /**
   * Same output as text(part), for a part of the file last given to fileText that begins
   * on line `firstLine` and ends by line `lastLine` (1-based; a symbol's body, which may
   * leave out its members' lines): lines it shares with the file are copied, not tokenized
   * again. The lines are hints, never trusted: a line is reused only when it is equal.
   */
  filePart(part: string | null, firstLine: number, lastLine: number): string {
    if (part === null || part.length === 0) return '';
    const out = this.scratch;
    out.length = 0;
    const lines = this.fileLines;
    let expected = firstLine - 1; // 0-based index of the file line the part's next line should be
    // After a left-out member the part goes on further down the file. Looking for where
    // costs a comparison per line passed: about twice the part's span in all, so that a
    // part full of lines the file does not have still costs linear time.
    let lookahead = 2 * (lastLine - firstLine + 1) + MIN_LOOKAHEAD;
    for (let start = 0; start < part.length; ) {
      const end = lineEnd(part, start);
      let line = lines.matches(expected, part, start, end) ? expected : -1;
      // The first line of a part usually starts inside its file line, and a line without
      // a word has no token to reuse: neither is looked for.
      if (line === -1 && start > 0 && lookahead > 0 && nextWordStart(part, start, end) < end) {
        const limit = Math.min(lastLine, expected + 1 + lookahead);
        line = lines.find(expected + 1, limit, part, start, end);
        lookahead -= (line === -1 ? limit : line + 1) - (expected + 1);
      }
      if (line === -1) this.appendTokens(part, start, end, out);
      else out.append(this.fileTokens.bytes, lines.tokenStart(line), lines.tokenEnd(line));
      expected = (line === -1 ? expected : line) + 1;
      start = end + 1;
    }
    return out.textSince(0);
  }

  /** Appends the tokens of text[start, end), each preceded by a space; `end` is the text's end or a line break. */
  private appendTokens(text: string, start: number, end: number, out: TokenBuffer): void {
    for (let at = nextWordStart(text, start, end); at < end; at = nextWordStart(text, at, end)) {
      const wordStop = scanWord(text, at, this.wordHash);
      this.words.appendExpansion(text, at, wordStop, this.wordHash[0]!, out);
      at = wordStop;
    }
  }
}

/** Index of the line break ending the line that starts at `start`, or the text's length. */
function lineEnd(text: string, start: number): number {
  const newline = text.indexOf('\n', start);
  return newline === -1 ? text.length : newline;
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
  return {
    path: encoder.path(source.path),
    body: encoder.fileText(source.text),
    symbols: source.symbols.map((symbol) => ({
      name: encoder.text(symbol.name),
      qualified: encoder.text(symbol.qualifiedName),
      signature: encoder.text(symbol.signature),
      doc: encoder.text(symbol.doc),
      body: encoder.filePart(source.symbolBodies.get(symbol.key) ?? null, symbol.startLine, symbol.endLine),
    })),
    docChunks: source.docChunks.map((chunk) => ({ heading: encoder.text(chunk.headingPath.join(' ')), body: encoder.text(chunk.text) })),
  };
}
