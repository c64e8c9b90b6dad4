import { describe, expect, it } from 'vitest';
import type { ReferenceEdge } from '../core/entities.js';
import { decodeEdges, encodeEdges } from './reference-edges.js';

const edges: ReferenceEdge[] = [
  { fromKey: 'a.py::f', fromPath: 'a.py', toKey: 'b.py::g', toPath: 'b.py', kind: 'call', count: 3, confidence: 0.9 },
  { fromKey: 'a.py::f', fromPath: 'a.py', toKey: 'b.py::C', toPath: 'b.py', kind: 'type', count: 1, confidence: 0.15 },
  { fromKey: 'dir with space/é.py::Ü.m', fromPath: 'dir with space/é.py', toKey: 'a.py::f', toPath: 'a.py', kind: 'inherit', count: 7, confidence: 1 },
];

describe('encodeEdges / decodeEdges', () => {
  it('round-trips edges, strings shared and numbers exact', () => {
    const encoded = encodeEdges(edges);
    expect(encoded.numbers.length).toBe(edges.length * 7);
    expect(encoded.strings.split('\u0000')).toHaveLength(new Set(edges.flatMap((e) => [e.fromKey, e.fromPath, e.toKey, e.toPath, e.kind])).size);
    expect(decodeEdges(encoded)).toEqual(edges);
  });

  it('round-trips no edges', () => {
    expect(decodeEdges(encodeEdges([]))).toEqual([]);
  });

  it('survives a structured clone with the numbers transferred', () => {
    const encoded = encodeEdges(edges);
    const cloned = structuredClone(encoded, { transfer: [encoded.numbers.buffer as ArrayBuffer] });
    expect(encoded.numbers.length).toBe(0);
    expect(decodeEdges(cloned)).toEqual(edges);
  });
});
