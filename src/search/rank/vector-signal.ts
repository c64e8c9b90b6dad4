// The optional semantic signal: the task text embedded by the configured model, its
// nearest symbol vectors (and file summary vectors, stored under a file's path), rolled up
// to files. Embedding is a network call, so this is a
// separate async preparation step; the ranker itself stays synchronous and takes the
// prepared signal (or null) as a value.

import type { Embedder } from '../../providers/embed/port.js';
import type { VectorHit, VectorIndex } from '../../store/vector.js';

export interface VectorSearch {
  /** The model id the stored vectors must carry (indexer/embed `vectorModelId`). */
  modelId: string;
  embedder: Pick<Embedder, 'embed'>;
  index: Pick<VectorIndex, 'model' | 'nearest'>;
}

export interface VectorSignal {
  /** Symbol key → cosine similarity (1 − distance), for the nearest symbols. */
  symbols: Map<string, number>;
  /** Path → its best symbol's similarity plus a small bonus per further near symbol. */
  files: Map<string, number>;
}

/** Symbols asked of the KNN index; ~100 covers the head of every fused list (200 entries). */
export const VECTOR_NEIGHBOURS = 100;
/** The title and the first part of the body: the opening of a task says what it is about. */
export const MAX_QUERY_CHARS = 2000;
/** Each further near symbol in a file adds this much, up to FILE_BONUS_CAP. */
const FILE_BONUS_PER_SYMBOL = 0.02;
const FILE_BONUS_CAP = 0.1;

/** The text embedded for a task: trimmed, cut at a line end before MAX_QUERY_CHARS when one is near. */
export function vectorQueryText(task: string): string {
  const text = task.replace(/\r\n?/g, '\n').trim();
  if (text.length <= MAX_QUERY_CHARS) return text;
  const cut = text.slice(0, MAX_QUERY_CHARS);
  const lineEnd = cut.lastIndexOf('\n');
  return lineEnd > MAX_QUERY_CHARS / 2 ? cut.slice(0, lineEnd) : cut;
}

/**
 * Embeds the task and asks the index for its nearest symbols. Null when the index holds
 * no vectors of this model (never built, or built by another model and not yet rebuilt):
 * vectors of two models are never compared. Embedding failures propagate (ProviderError).
 */
export async function prepareVectorSignal(search: VectorSearch, task: string): Promise<VectorSignal | null> {
  const stored = search.index.model();
  const text = vectorQueryText(task);
  if (stored === null || stored.model !== search.modelId || text === '') return null;
  const [vector] = await search.embedder.embed([text]);
  if (vector === undefined || vector.length !== stored.dimensions) return null;
  return signalFromHits(search.index.nearest(vector, VECTOR_NEIGHBOURS));
}

/** Pure: nearest hits (nearest first) → symbol and file scores. */
export function signalFromHits(hits: VectorHit[]): VectorSignal {
  const symbols = new Map<string, number>();
  const best = new Map<string, { similarity: number; others: number }>();
  for (const hit of hits) {
    const similarity = 1 - hit.distance;
    // A file's summary vector is stored under its path: it speaks for the file, not a symbol.
    if (hit.id.includes('::')) symbols.set(hit.id, similarity);
    const path = pathOfKey(hit.id);
    const known = best.get(path);
    if (known) known.others++;
    else best.set(path, { similarity, others: 0 });
  }
  const files = new Map<string, number>();
  for (const [path, { similarity, others }] of best) {
    files.set(path, similarity + Math.min(FILE_BONUS_CAP, others * FILE_BONUS_PER_SYMBOL));
  }
  return { symbols, files };
}

/** Keeps only the entries whose path passes `allowed` (the request's file filter). */
export function filterSignal(signal: VectorSignal, allowed: (path: string) => boolean): VectorSignal {
  return {
    symbols: new Map([...signal.symbols].filter(([key]) => allowed(pathOfKey(key)))),
    files: new Map([...signal.files].filter(([path]) => allowed(path))),
  };
}

function pathOfKey(key: string): string {
  const at = key.indexOf('::');
  return at < 0 ? key : key.slice(0, at);
}
