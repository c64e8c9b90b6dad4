// Loading a graph reads every edge of the index (hundreds of ms on a 1,600-file repo),
// while a query over a loaded graph takes a few ms: a process answering more than one
// query keeps its graphs here. An entry is reused while the index's stamp (indexedAt and
// state) is unchanged, which costs two meta lookups per query. Owned by whoever serves
// queries (a face, the evaluation harness); never global.

import type { CuratedReader } from '../../store/curated.js';
import { indexStamp, loadRepoGraph, type LoadGraphOptions } from './load-graph.js';
import type { RepoGraph } from './repo-graph.js';

export interface RepoGraphCacheOptions extends LoadGraphOptions {
  /** Graphs kept at once (one per index); the least recently used goes first. Default 4. */
  capacity?: number;
  load?: (reader: CuratedReader, options: LoadGraphOptions) => RepoGraph;
}

export class RepoGraphCache {
  private readonly entries = new Map<string, RepoGraph>();
  private readonly capacity: number;
  private readonly load: (reader: CuratedReader, options: LoadGraphOptions) => RepoGraph;

  constructor(private readonly options: RepoGraphCacheOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? 4);
    this.load = options.load ?? loadRepoGraph;
  }

  /** The graph of the index `indexId` (e.g. its folder) as `reader` sees it now. */
  graphFor(indexId: string, reader: CuratedReader): RepoGraph {
    const stamp = indexStamp(reader);
    const cached = this.entries.get(indexId);
    this.entries.delete(indexId);
    const graph = cached !== undefined && cached.stamp === stamp ? cached : this.load(reader, this.options);
    this.entries.set(indexId, graph);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
    return graph;
  }

  clear(): void {
    this.entries.clear();
  }
}
