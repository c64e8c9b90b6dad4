// Dependency edges among the package's candidate files — imports, references, co-change —
// so the package can say how its files hang together. The fitter keeps those among the
// files it includes.

import type { FileEdge } from '../../core/context-package.js';
import type { CuratedReader } from '../../store/curated.js';

export function candidateEdges(reader: CuratedReader, paths: Iterable<string>, minCoChange: number): FileEdge[] {
  const inside = new Set(paths);
  const edges: FileEdge[] = [];
  for (const from of inside) {
    for (const record of reader.importsOf(from)) {
      for (const to of record.toPaths) if (to !== from && inside.has(to)) edges.push({ from, to, relation: 'imports', weight: 1 });
    }
    for (const ref of reader.fileReferencesFrom(from)) {
      if (ref.path !== from && inside.has(ref.path)) edges.push({ from, to: ref.path, relation: 'references', weight: ref.count });
    }
    for (const pair of reader.coChangeNeighbours(from, minCoChange)) {
      const to = pair.a === from ? pair.b : pair.a;
      // Co-change is symmetric: list each pair once, from its first path.
      if (from < to && inside.has(to)) edges.push({ from, to, relation: 'cochange', weight: pair.count });
    }
  }
  return edges;
}
