// What gets embedded: one chunk per symbol — its docstring, signature and own body (a
// class without its methods, as for full-text search) — cut to the embedder's input
// limit, and identified by a hash of the model and the text. The path is not part of the
// text, so a renamed file with the same content hits the cache.

import { createHash } from 'node:crypto';
import type { SymbolRecord } from '../../core/entities.js';
import { symbolBodies } from '../symbol-bodies.js';

export interface SymbolChunk {
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
