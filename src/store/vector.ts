// Vectors for optional hybrid search: embeddings cached by content hash (so re-indexing
// embeds only what changed) and a nearest-neighbour index over symbol chunks.

export interface VectorHit {
  /** Entity key or chunk id the vector was stored under. */
  id: string;
  /** Cosine distance, 0 (same direction) to 2 (opposite). */
  distance: number;
}

/** Which embedding model produced the stored vectors, and their length. */
export interface VectorModel {
  model: string;
  dimensions: number;
}

export interface VectorIndex {
  /** Dimension and model the index was built with; null when empty. */
  model(): VectorModel | null;
  /**
   * Makes `model` the model of the stored vectors. A different model or dimension drops
   * every stored vector and completed-path record (never the cache): vectors of two models
   * are never mixed.
   */
  setModel(model: VectorModel): void;
  /** Cached embedding for content hashes under a model; missing ones are absent from the map. */
  cached(model: string, contentHashes: string[]): Map<string, Float32Array>;
  cache(model: string, entries: { contentHash: string; vector: Float32Array }[]): void;
  /**
   * Replaces the vectors stored for ids. On an index without a model, adopts `model` with
   * the vectors' length; otherwise the model and every length must match (INTERNAL if not).
   */
  upsert(model: string, entries: { id: string; path: string; vector: Float32Array }[]): void;
  /** Removes the vectors of these paths and their completed-path records. */
  removePaths(paths: string[]): void;
  /**
   * Replaces everything stored for each path in one transaction: its vectors (ids it no
   * longer lists are dropped) and its completed-path stamp (the indexer's token for
   * "embedded from this content"). Same model rules as `upsert`.
   */
  replacePaths(model: string, files: { path: string; stamp: string; vectors: { id: string; vector: Float32Array }[] }[]): void;
  /** Paths stored by `replacePaths` and not removed since, with their stamps. */
  completedPaths(): Map<string, string>;
  /** Drops every stored vector and completed-path record; keeps the model and the cache. */
  clear(): void;
  /** Number of stored vectors. */
  size(): number;
  /** Closest stored vectors by cosine distance, nearest first (ties by id); [] when empty. */
  nearest(vector: Float32Array, limit: number): VectorHit[];
  close(): void;
}
