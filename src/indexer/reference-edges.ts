// Reference edges packed for the trip to another thread: every distinct string once, in
// one NUL-joined string (paths and symbol names cannot hold NUL), and the edges as
// numbers in a transferable array. Structured-cloning sympy's 116k edge objects costs the
// receiving thread ~0.2–0.4 s; this costs it a split and a loop.

import type { ReferenceEdge, ReferenceKind } from '../core/entities.js';

export interface EncodedEdges {
  strings: string;
  /** Per edge: fromKey, fromPath, toKey, toPath, kind (indexes into the strings), count, confidence. */
  numbers: Float64Array;
}

const FIELDS = 7;
const SEPARATOR = '\u0000';

export function encodeEdges(edges: readonly ReferenceEdge[]): EncodedEdges {
  const index = new Map<string, number>();
  const strings: string[] = [];
  const indexOf = (value: string): number => {
    let at = index.get(value);
    if (at === undefined) {
      at = strings.length;
      strings.push(value);
      index.set(value, at);
    }
    return at;
  };
  const numbers = new Float64Array(edges.length * FIELDS);
  edges.forEach((edge, at) => {
    const base = at * FIELDS;
    numbers[base] = indexOf(edge.fromKey);
    numbers[base + 1] = indexOf(edge.fromPath);
    numbers[base + 2] = indexOf(edge.toKey);
    numbers[base + 3] = indexOf(edge.toPath);
    numbers[base + 4] = indexOf(edge.kind);
    numbers[base + 5] = edge.count;
    numbers[base + 6] = edge.confidence;
  });
  return { strings: strings.join(SEPARATOR), numbers };
}

export function decodeEdges(encoded: EncodedEdges): ReferenceEdge[] {
  const strings = encoded.strings.split(SEPARATOR);
  const { numbers } = encoded;
  const edges: ReferenceEdge[] = [];
  for (let base = 0; base < numbers.length; base += FIELDS) {
    edges.push({
      fromKey: strings[numbers[base]!]!,
      fromPath: strings[numbers[base + 1]!]!,
      toKey: strings[numbers[base + 2]!]!,
      toPath: strings[numbers[base + 3]!]!,
      kind: strings[numbers[base + 4]!] as ReferenceKind,
      count: numbers[base + 5]!,
      confidence: numbers[base + 6]!,
    });
  }
  return edges;
}
