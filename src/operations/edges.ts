// The edges among a set of files (HTTP `POST /retrieval/edges`): imports, references,
// co-change and doc mentions between the files a package shows, for the web page's graph.
// Read from the repository graph of the served index state; a path the index does not hold
// is listed as unknown, never an error (a package can name a file deleted since).

import type { RepoHandle } from './handle.js';
import { FILE_RELATIONS, fileId, filePath, type FileRelation } from '../search/graph/repo-graph.js';

export interface FileLink {
  from: string;
  to: string;
  relation: FileRelation;
  /** The relation's own unit: uses × confidence, shared commits, mentions, 1 per import. */
  weight: number;
}

export interface LinksAnswer {
  edges: FileLink[];
  /** Paths given that the index does not hold. */
  unknown: string[];
}

export function edgesAmong(repo: RepoHandle, paths: readonly string[], relations: readonly FileRelation[] = FILE_RELATIONS): LinksAnswer {
  const graph = repo.graph();
  const ids = new Map<number, string>();
  const unknown: string[] = [];
  for (const path of new Set(paths)) {
    const id = fileId(graph, path);
    if (id === undefined) unknown.push(path);
    else ids.set(id, path);
  }
  const edges: FileLink[] = [];
  for (const relation of relations) {
    const adjacency = graph.out[relation];
    for (const [from, fromPath] of ids) {
      for (let at = adjacency.offsets[from]!; at < adjacency.offsets[from + 1]!; at++) {
        const to = adjacency.targets[at]!;
        if (to === from || !ids.has(to)) continue;
        // Co-change is stored both ways: list each pair once.
        if (relation === 'cochange' && to < from) continue;
        edges.push({ from: fromPath, to: filePath(graph, to), relation, weight: Math.round(adjacency.weights[at]! * 1000) / 1000 });
      }
    }
  }
  return { edges, unknown };
}
