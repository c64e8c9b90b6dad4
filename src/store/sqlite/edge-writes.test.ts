// Edges are written in key order, and into an empty refs table the lookup index is built
// after the rows (index-writer.ts insertEdges). Whichever path a write takes, the index
// must exist afterwards and answer the same as rows inserted one by one.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { edge, indexedFile } from '../../../test/conformance/fixtures.js';
import type { ReferenceEdge } from '../../core/entities.js';
import type { IndexWriter } from '../curated.js';
import { openSqliteIndexWriter } from './index.js';
import { indexPaths } from './layout.js';

const FILES = 40;
const TARGET_FILES = 8; // 5 × 8 × 5 = 200 edges from each file, 8,000 in all: above the bulk threshold

let dir: string;
let writer: IndexWriter;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-edges-'));
  writer = openSqliteIndexWriter(dir);
  writer.writeFiles(Array.from({ length: FILES }, (_, n) => indexedFile(`m${n}.py`, { symbols: Array.from({ length: 5 }, (__, k) => ({ qualifiedName: `f${k}` })) })));
});
afterEach(() => {
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Edges from every symbol to symbols of other files, listed out of key order. */
function manyEdges(): ReferenceEdge[] {
  const edges: ReferenceEdge[] = [];
  for (let n = FILES - 1; n >= 0; n--) {
    for (let t = TARGET_FILES; t >= 1; t--) {
      for (let a = 0; a < 5; a++) {
        for (let b = 4; b >= 0; b--) {
          edges.push(edge(`m${n}.py::f${a}`, `m${(n + t) % FILES}.py::f${b}`, { kind: (a + b) % 2 ? 'call' : 'read', count: 1 + ((a * b) % 3) }));
        }
      }
    }
  }
  return edges;
}

function lookupIndexes(): string[] {
  const db = new Database(indexPaths(dir).curated, { readonly: true });
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'refs' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  } finally {
    db.close();
  }
}

describe('writing reference edges', () => {
  it('builds the lookup index after a bulk write into an empty table, and reads the same', () => {
    const edges = manyEdges();
    expect(edges.length).toBeGreaterThan(5000);
    writer.replaceReferences(Array.from({ length: FILES }, (_, n) => `m${n}.py`), edges);
    expect(lookupIndexes()).toEqual(['refs_by_to']);
    expect(writer.stats().references).toBe(edges.length);
    const into = (key: string) => edges.filter((e) => e.toKey === key).length;
    expect(writer.referencesTo('m3.py::f2')).toHaveLength(into('m3.py::f2'));
    expect(writer.referencesFrom('m7.py').map((e) => e.fromPath)).toEqual(Array(edges.filter((e) => e.fromPath === 'm7.py').length).fill('m7.py'));
  });

  it('keeps the index and the other rows when a bulk write replaces part of a full table', () => {
    const edges = manyEdges();
    writer.replaceReferences(Array.from({ length: FILES }, (_, n) => `m${n}.py`), edges);
    const fromFirstHalf = edges.filter((e) => Number(e.fromPath.slice(1, -3)) < FILES / 2);
    writer.replaceReferences(Array.from({ length: FILES / 2 }, (_, n) => `m${n}.py`), fromFirstHalf.slice(0, 100));
    expect(lookupIndexes()).toEqual(['refs_by_to']);
    expect(writer.stats().references).toBe(edges.length - fromFirstHalf.length + 100);
  });

  it('leaves the table and its index as they were when the write fails', () => {
    const edges = manyEdges();
    const broken = { ...edges[0]!, toPath: null as unknown as string }; // NOT NULL: fails inside the insert loop
    expect(() => writer.replaceReferences(Array.from({ length: FILES }, (_, n) => `m${n}.py`), [...edges, broken])).toThrow();
    expect(lookupIndexes()).toEqual(['refs_by_to']);
    expect(writer.stats().references).toBe(0);
  });
});
