// Hand-written graphs for tests: files and edges by path, weights defaulting to one use
// at full confidence.

import type { ReferenceKind } from '../../core/entities.js';
import { RepoGraphBuilder, type GraphFile } from './graph-builder.js';
import type { RepoGraph } from './repo-graph.js';

export interface GraphSpec {
  files: (string | GraphFile)[];
  imports?: [from: string, to: string][];
  /** File-level references: one edge between module-level code unless keys are given. */
  references?: { from: string; to: string; count?: number; confidence?: number; kind?: ReferenceKind; fromKey?: string; toKey?: string }[];
  cochange?: [a: string, b: string, count: number][];
  docs?: [doc: string, target: string][];
}

export function graphOf(spec: GraphSpec): RepoGraph {
  const builder = new RepoGraphBuilder(spec.files.map((file) => (typeof file === 'string' ? { path: file } : file)));
  for (const [from, to] of spec.imports ?? []) builder.addImport(from, to);
  for (const ref of spec.references ?? []) {
    builder.addReference({
      fromKey: ref.fromKey ?? ref.from,
      fromPath: ref.from,
      toKey: ref.toKey ?? `${ref.to}::main`,
      toPath: ref.to,
      kind: ref.kind ?? 'call',
      count: ref.count ?? 1,
      confidence: ref.confidence ?? 1,
    });
  }
  for (const [a, b, count] of spec.cochange ?? []) builder.addCoChange(a, b, count);
  for (const [doc, target] of spec.docs ?? []) builder.addDocLink(doc, target);
  return builder.build('test');
}
