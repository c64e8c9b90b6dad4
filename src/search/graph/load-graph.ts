// Builds a RepoGraph in one pass over the index through the CuratedReader port: per file,
// its imports, its outgoing references, its co-change pairs and the doc links into it.

import type { CuratedReader } from '../../store/curated.js';
import { RepoGraphBuilder } from './graph-builder.js';
import type { RepoGraph } from './repo-graph.js';

export interface LoadGraphOptions {
  /** Load doc → code links too (one more indexed lookup per file). Default true. */
  docs?: boolean;
}

/** The index state a graph reflects: it changes whenever an index run completes. */
export function indexStamp(reader: CuratedReader): string {
  return `${reader.meta('indexedAt') ?? 'never'}:${reader.meta('state') ?? 'empty'}`;
}

export function loadRepoGraph(reader: CuratedReader, options: LoadGraphOptions = {}): RepoGraph {
  const stamp = indexStamp(reader);
  const files = reader.files();
  const builder = new RepoGraphBuilder(files);
  for (const { path } of files) {
    for (const record of reader.importsOf(path)) {
      for (const target of record.toPaths) builder.addImport(path, target);
    }
    for (const edge of reader.referencesFrom(path)) builder.addReference(edge);
    for (const pair of reader.coChangeNeighbours(path)) {
      // Each pair is listed from both of its files; keep it once.
      if (pair.a < pair.b) builder.addCoChange(pair.a, pair.b, pair.count);
    }
    if (options.docs === false) continue;
    for (const link of reader.docLinksTo(path)) builder.addDocLink(link.fromPath, path);
  }
  return builder.build(stamp);
}
