// Vectors for optional hybrid search: embeddings cached by content hash (so re-indexing
// embeds only what changed) and a nearest-neighbour index over symbol chunks.

export interface VectorHit {
  /** Entity key or chunk id the vector was stored under. */
  id: string;
  distance: number;
}

export interface VectorIndex {
  /** Dimension and model the index was built with; null when empty. */
  model(): { model: string; dimensions: number } | null;
  /** Cached embedding for content hashes under a model; missing ones are absent from the map. */
  cached(model: string, contentHashes: string[]): Map<string, Float32Array>;
  cache(model: string, entries: { contentHash: string; vector: Float32Array }[]): void;
  /** Replaces the vectors stored for ids. */
  upsert(model: string, entries: { id: string; path: string; vector: Float32Array }[]): void;
  removePaths(paths: string[]): void;
  nearest(vector: Float32Array, limit: number): VectorHit[];
  close(): void;
}
