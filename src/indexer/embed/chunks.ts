// What gets embedded: one chunk per symbol — its docstring, signature and own body (a
// class without its methods, as for full-text search) — cut to the embedder's input
// limit, and identified by a hash of the model and the text. The path is not part of the
// text, so a renamed file with the same content hits the cache. A file with a current
// `cairn enrich` summary gets one more chunk, stored under the file's path (no "::"): the
// summary, its domain and concepts, so hybrid search finds a file by what a model said it
// is for.

import { createHash } from 'node:crypto';
import type { FileEnrichment } from '../../core/enrichment.js';
import type { SymbolRecord } from '../../core/entities.js';
import { symbolBodies } from '../symbol-bodies.js';

export interface SymbolChunk {
  /** The symbol's entity key; for a file's summary chunk, the file's path. */
  key: string;
  text: string;
  /** sha256 of the model id and the text: the embedding cache key. */
  contentHash: string;
}

/** Bump when the chunk text changes shape: every file is then chunked (not embedded) again. */
export const CHUNK_FORMAT = 1;

/** The identity vectors are stored and cached under: the provider and the model. */
export function vectorModelId(embedder: { provider: string; model: string }): string {
  return `${embedder.provider}:${embedder.model}`;
}

export function chunkHash(modelId: string, text: string): string {
  return createHash('sha256').update(modelId).update('\0').update(text).digest('hex');
}

export function symbolChunks(content: Uint8Array, symbols: SymbolRecord[], modelId: string, maxChars: number): SymbolChunk[] {
  const bodies = symbolBodies(content, symbols);
  return symbols.map((symbol) => {
    const text = truncate(chunkText(symbol, bodies.get(symbol.key) ?? ''), maxChars);
    return { key: symbol.key, text, contentHash: chunkHash(modelId, text) };
  });
}

/** What a file's summary chunk holds: the summary, then its domain and key concepts. */
export function summaryChunkText(enrichment: Pick<FileEnrichment, 'summary' | 'domain' | 'concepts'>): string {
  const parts = [enrichment.summary.trim()];
  if (enrichment.domain.trim() !== '') parts.push(`Domain: ${enrichment.domain.trim()}`);
  if (enrichment.concepts.length > 0) parts.push(`Concepts: ${enrichment.concepts.join(', ')}`);
  return parts.join('\n');
}

/** The file's summary chunk, under the file's path; null when the summary is empty. */
export function summaryChunk(path: string, enrichment: Pick<FileEnrichment, 'summary' | 'domain' | 'concepts'>, modelId: string, maxChars: number): SymbolChunk | null {
  if (enrichment.summary.trim() === '') return null;
  const text = truncate(summaryChunkText(enrichment), maxChars);
  return { key: path, text, contentHash: chunkHash(modelId, text) };
}

/**
 * Docstring, signature, body — each only when the body does not already hold it (a Python
 * docstring and a tree-sitter signature are inside the body; a leading comment is not).
 */
export function chunkText(symbol: Pick<SymbolRecord, 'doc' | 'signature'>, body: string): string {
  const parts: string[] = [];
  const doc = symbol.doc?.trim() ?? '';
  const firstDocLine = doc.split('\n', 1)[0]!.trim();
  if (doc !== '' && !body.includes(firstDocLine)) parts.push(doc);
  const signature = symbol.signature.trim();
  if (signature !== '' && !body.includes(signature)) parts.push(signature);
  if (body.trim() !== '') parts.push(body);
  return parts.join('\n');
}

/** Cut to at most `maxChars` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const last = text.charCodeAt(maxChars - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars);
}
