// The naive baselines every package is judged against: the tree's 60-line windows ranked by
// BM25 against the whole task text, taken in rank order while they fit the budget. This is
// what anyone gets for free from a chunking RAG; cairn must beat it by a wide margin.
// Two scopes: source files only (what a user's code RAG such as claude-context or Continue
// indexes: the strong baseline), and every indexed file (docs, config and JSON chunks
// dilute it, so it is the weaker one). Tokens are the same code tokens cairn's full-text
// index uses (identifiers whole and split, stemmed), so the baseline is not handicapped by
// a weaker tokenizer.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRecord } from '../../core/entities.js';
import { codeTokens } from '../../core/tokens.js';
import { fencedBlock } from '../../render/fence.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';
import { STOPWORDS } from '../../search/stopwords.js';
import type { CuratedReader } from '../../store/curated.js';
import type { ShownBlock } from './shown-lines.js';

export const CHUNK_LINES = 60;
const K1 = 1.2;
const B = 0.75;
/** Files larger than this are not chunked (cairn does not show them either). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

interface Chunk {
  path: string;
  language: string;
  start: number;
  end: number;
  /** Token ids in order. */
  tokens: Int32Array;
}

/** Which files a chunk RAG indexes: source code only, or every indexed file. */
export type ChunkScope = 'code' | 'all';

export interface ChunkRagPackage {
  blocks: ShownBlock[];
  rendered: string;
  used: number;
}

/**
 * A chunk index over whatever trees it is shown: chunks of a file are kept by its content
 * hash, so the many trees of one repository in an evaluation share their work.
 */
export class ChunkRag {
  private readonly vocabulary = new Map<string, number>();
  private readonly byHash = new Map<string, Omit<Chunk, 'path' | 'language'>[]>();

  constructor(private readonly counter: TokenCounter, private readonly maxCachedFiles = 60_000) {}

  /** The last ranking, reused by the next budget of the same task and scope. */
  private lastRanking: { key: string; ranked: Chunk[] } | null = null;

  package(reader: CuratedReader, root: string, query: string, budget: number, scope: ChunkScope = 'all'): ChunkRagPackage {
    const key = `${scope}\0${root}\0${reader.contentVersion()}\0${query}`;
    if (this.lastRanking?.key !== key) this.lastRanking = { key, ranked: this.rank(this.chunksOf(reader, root, scope), query) };
    return this.fill(this.lastRanking.ranked, root, query, budget);
  }

  private chunksOf(reader: CuratedReader, root: string, scope: ChunkScope): Chunk[] {
    if (this.byHash.size > this.maxCachedFiles) this.byHash.clear();
    const out: Chunk[] = [];
    for (const file of reader.files({ includeTests: true })) {
      if (scope === 'code' && file.kind !== 'code') continue;
      for (const chunk of this.fileChunks(file, root)) out.push({ ...chunk, path: file.path, language: file.language });
    }
    return out;
  }

  private fileChunks(file: FileRecord, root: string): Omit<Chunk, 'path' | 'language'>[] {
    const known = this.byHash.get(file.hash);
    if (known) return known;
    const lines = readLines(root, file);
    const chunks: Omit<Chunk, 'path' | 'language'>[] = [];
    if (lines !== null) {
      for (let start = 0; start < lines.length; start += CHUNK_LINES) {
        const end = Math.min(lines.length, start + CHUNK_LINES);
        chunks.push({ start: start + 1, end, tokens: this.ids(lines.slice(start, end).join('\n')) });
      }
    }
    this.byHash.set(file.hash, chunks);
    return chunks;
  }

  private ids(text: string): Int32Array {
    const tokens = codeTokens(text);
    const ids = new Int32Array(tokens.length);
    tokens.forEach((token, index) => {
      let id = this.vocabulary.get(token);
      if (id === undefined) this.vocabulary.set(token, (id = this.vocabulary.size));
      ids[index] = id;
    });
    return ids;
  }

  /** Chunks with a positive BM25 score, best first (ties: path, then line). */
  private rank(chunks: readonly Chunk[], query: string): Chunk[] {
    const terms = new Map<number, number>(); // term id → slot
    for (const token of codeTokens(query)) {
      if (token.length < 2 || STOPWORDS.has(token)) continue;
      const id = this.vocabulary.get(token);
      if (id !== undefined && !terms.has(id)) terms.set(id, terms.size);
    }
    if (terms.size === 0 || chunks.length === 0) return [];
    const counts = chunks.map((chunk) => {
      const tf = new Float64Array(terms.size);
      for (const id of chunk.tokens) {
        const slot = terms.get(id);
        if (slot !== undefined) tf[slot]! += 1;
      }
      return tf;
    });
    const df = new Float64Array(terms.size);
    for (const tf of counts) tf.forEach((count, slot) => (df[slot]! += count > 0 ? 1 : 0));
    const n = chunks.length;
    const idf = Array.from(df, (d) => Math.log(1 + (n - d + 0.5) / (d + 0.5)));
    const averageLength = chunks.reduce((sum, chunk) => sum + chunk.tokens.length, 0) / n || 1;
    const scored = chunks.map((chunk, index) => {
      const norm = K1 * (1 - B + (B * chunk.tokens.length) / averageLength);
      let score = 0;
      counts[index]!.forEach((count, slot) => {
        if (count > 0) score += (idf[slot]! * count * (K1 + 1)) / (count + norm);
      });
      return { chunk, score };
    });
    return scored
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || (a.chunk.path < b.chunk.path ? -1 : a.chunk.path > b.chunk.path ? 1 : a.chunk.start - b.chunk.start))
      .map((entry) => entry.chunk);
  }

  /** Chunks in rank order while they fit (one that does not is passed over), rendered as markdown. */
  private fill(ranked: readonly Chunk[], root: string, query: string, budget: number): ChunkRagPackage {
    const header = `# chunk RAG baseline\n\nquery: ${query.replace(/\s+/g, ' ').slice(0, 200)}\n`;
    let used = this.counter.count(header);
    const parts = [header];
    const blocks: ShownBlock[] = [];
    const lineCache = new Map<string, string[] | null>();
    for (const chunk of ranked) {
      if (budget - used < 20) break;
      if (!lineCache.has(chunk.path)) lineCache.set(chunk.path, readLines(root, { path: chunk.path, size: 0 }));
      const lines = lineCache.get(chunk.path);
      if (!lines) continue;
      const text = lines.slice(chunk.start - 1, chunk.end).join('\n');
      const part = `\n## ${blocks.length + 1}. ${chunk.path} (lines ${chunk.start}-${chunk.end})\n\n${fencedBlock(text, chunk.language)}`;
      const tokens = this.counter.count(part);
      if (used + tokens > budget) continue;
      used += tokens;
      parts.push(part);
      blocks.push({ path: chunk.path, startLine: chunk.start, text, tokens });
    }
    // Parts are counted apart; make sure the whole is within the budget too.
    let rendered = parts.join('');
    while (blocks.length > 0 && this.counter.count(rendered) > budget) {
      parts.pop();
      blocks.pop();
      rendered = parts.join('');
    }
    return { blocks, rendered, used: this.counter.count(rendered) };
  }
}

function readLines(root: string, file: Pick<FileRecord, 'path' | 'size'>): string[] | null {
  if (file.size > MAX_FILE_BYTES) return null;
  try {
    const bytes = readFileSync(join(root, file.path));
    if (bytes.length > MAX_FILE_BYTES || bytes.subarray(0, 8000).includes(0)) return null;
    return bytes.toString('utf8').split('\n');
  } catch {
    return null;
  }
}
