// The result cache (`serve.cache`: enabled, ttl, max_size): answers of the read-only
// routes, keyed by repository, index generation, route and the validated request, kept
// for `ttl` seconds and within `max_size` bytes (least recently used first out). A new
// index generation empties the repository's entries: an answer never outlives the index
// it came from, nor a file deleted since: an answer is kept with the paths it names, and
// a hit whose paths are not all still there is computed again.

import { LRUCache } from 'lru-cache';
import type { CacheConfig } from './types.js';

interface Entry {
  json: string;
  /** The repository files the answer names. */
  paths: string[];
}

export class ResultCache {
  private readonly entries: LRUCache<string, Entry> | null;
  hits = 0;
  misses = 0;

  constructor(config: CacheConfig) {
    this.entries = config.enabled
      ? new LRUCache<string, Entry>({ maxSize: config.max_size, sizeCalculation: (value, key) => value.json.length + key.length, ttl: config.ttl * 1000, ttlAutopurge: false })
      : null;
  }

  /**
   * The cached JSON text, or the answer `compute` makes (stored when it succeeds).
   * `stillTrue(paths)` checks a hit's paths against the disk.
   */
  async through(
    key: { repo: string; generation: number; route: string; request: unknown },
    compute: () => Promise<{ value: unknown; paths: string[] }>,
    stillTrue: (paths: readonly string[]) => boolean,
  ): Promise<{ json: string; hit: boolean }> {
    if (this.entries === null) return { json: JSON.stringify((await compute()).value), hit: false };
    const id = `${key.repo}\u0000${key.generation}\u0000${key.route}\u0000${JSON.stringify(key.request)}`;
    const cached = this.entries.get(id);
    if (cached !== undefined && stillTrue(cached.paths)) {
      this.hits += 1;
      return { json: cached.json, hit: true };
    }
    this.misses += 1;
    const { value, paths } = await compute();
    const json = JSON.stringify(value);
    this.entries.set(id, { json, paths: [...new Set(paths)] });
    return { json, hit: false };
  }

  /** Drops a repository's entries (its index moved to a new generation). */
  invalidate(repo: string): void {
    if (this.entries === null) return;
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${repo}\u0000`)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
