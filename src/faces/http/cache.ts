// The result cache (`serve.cache`: enabled, ttl, max_size): answers of the read-only
// routes, keyed by repository, index generation, route and the validated request, kept
// for `ttl` seconds and within `max_size` bytes (least recently used first out). A new
// index generation empties the repository's entries: an answer never outlives the index
// it came from, nor a file deleted since: an answer is kept with the paths it names, and
// a hit whose paths are not all still there is computed again. Requests for an answer
// being computed wait for that computation (one run of the pipeline, not one per request).

import { LRUCache } from 'lru-cache';
import type { CacheConfig } from './types.js';

interface Entry {
  json: string;
  /** The repository files the answer names. */
  paths: string[];
}

export class ResultCache {
  private readonly entries: LRUCache<string, Entry> | null;
  /** Answers being computed: a request for the same key meanwhile waits for that one instead of computing it again. */
  private readonly computing = new Map<string, Promise<Entry>>();
  hits = 0;
  misses = 0;
  /** Requests answered by a computation another request had started. */
  shared = 0;

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
    const running = this.computing.get(id);
    if (running !== undefined) {
      this.shared += 1;
      return { json: (await running).json, hit: true };
    }
    this.misses += 1;
    const computed = (async (): Promise<Entry> => {
      const { value, paths } = await compute();
      return { json: JSON.stringify(value), paths: [...new Set(paths)] };
    })();
    this.computing.set(id, computed);
    try {
      const entry = await computed;
      // Stored only while its generation is current: an invalidation meanwhile dropped the key's generation.
      if (this.computing.get(id) === computed) this.entries.set(id, entry);
      return { json: entry.json, hit: false };
    } finally {
      if (this.computing.get(id) === computed) this.computing.delete(id);
    }
  }

  /** Drops a repository's entries (its index moved to a new generation). */
  invalidate(repo: string): void {
    if (this.entries === null) return;
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${repo}\u0000`)) this.entries.delete(key);
    for (const key of [...this.computing.keys()]) if (key.startsWith(`${repo}\u0000`)) this.computing.delete(key);
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
