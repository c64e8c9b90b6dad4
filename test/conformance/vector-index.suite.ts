// The vector-index conformance suite: vectors stored per id and path, nearest neighbours
// by cosine distance, removal by path, completed-path records, the embedding cache, and a
// model change that drops old vectors (never mixing two models) but keeps the cache.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CairnError } from '../../src/core/errors.js';
import type { VectorIndex } from '../../src/store/vector.js';

export interface VectorIndexHarness {
  index: VectorIndex;
  /** Opens the index again (after `index.close()`), to check what persisted. */
  reopen(): VectorIndex;
  cleanup(): Promise<void>;
}

export type OpenVectorIndex = () => Promise<VectorIndexHarness>;

const MODEL = 'ollama:test-model';
const v = (...values: number[]): Float32Array => Float32Array.from(values);

function internal(work: () => unknown): CairnError {
  let caught: unknown = null;
  try {
    work();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(CairnError);
  expect((caught as CairnError).code).toBe('INTERNAL');
  return caught as CairnError;
}

export function runVectorIndexSuite(name: string, open: OpenVectorIndex): void {
  describe(`${name}: vector index`, () => {
    let harness: VectorIndexHarness;
    let index: VectorIndex;

    beforeEach(async () => {
      harness = await open();
      index = harness.index;
    });
    afterEach(async () => {
      index.close();
      await harness.cleanup();
    });

    const seed = (): void => {
      index.upsert(MODEL, [
        { id: 'a.py::east', path: 'a.py', vector: v(1, 0, 0) },
        { id: 'a.py::north_east', path: 'a.py', vector: v(1, 1, 0) },
        { id: 'b.py::north', path: 'b.py', vector: v(0, 1, 0) },
        { id: 'b.py::west', path: 'b.py', vector: v(-1, 0, 0) },
        { id: 'c.py::up', path: 'c.py', vector: v(0, 0, 1) },
      ]);
    };

    it('is empty until vectors are stored, then adopts their model and length', () => {
      expect(index.model()).toBeNull();
      expect(index.size()).toBe(0);
      expect(index.nearest(v(1, 0, 0), 5)).toEqual([]);
      seed();
      expect(index.model()).toEqual({ model: MODEL, dimensions: 3 });
      expect(index.size()).toBe(5);
    });

    it('returns nearest neighbours by cosine distance, nearest first, at most `limit`', () => {
      seed();
      const hits = index.nearest(v(2, 0.1, 0), 3);
      expect(hits.map((hit) => hit.id)).toEqual(['a.py::east', 'a.py::north_east', 'b.py::north']);
      // Cosine: the length of the query does not matter, only its direction.
      expect(hits[0]!.distance).toBeCloseTo(1 - 2 / Math.hypot(2, 0.1), 5);
      expect(hits[1]!.distance).toBeCloseTo(1 - 2.1 / (Math.hypot(2, 0.1) * Math.SQRT2), 5);
      const all = index.nearest(v(1, 0, 0), 100);
      expect(all.map((hit) => hit.id)).toEqual(['a.py::east', 'a.py::north_east', 'b.py::north', 'c.py::up', 'b.py::west']);
      expect(all.at(-1)!.distance).toBeCloseTo(2, 5);
      expect(index.nearest(v(1, 0, 0), 0)).toEqual([]);
    });

    it('breaks distance ties by id', () => {
      index.upsert(MODEL, [
        { id: 'z.py::same', path: 'z.py', vector: v(0, 1, 0) },
        { id: 'm.py::same', path: 'm.py', vector: v(0, 2, 0) },
      ]);
      expect(index.nearest(v(0, 1, 0), 2).map((hit) => hit.id)).toEqual(['m.py::same', 'z.py::same']);
    });

    it('replaces the vector of an id that is stored again, even under another path', () => {
      seed();
      index.upsert(MODEL, [{ id: 'a.py::east', path: 'moved.py', vector: v(0, 0, -1) }]);
      expect(index.size()).toBe(5);
      expect(index.nearest(v(0, 0, -1), 1)).toEqual([{ id: 'a.py::east', distance: expect.closeTo(0, 5) }]);
      index.removePaths(['a.py']);
      // The id now belongs to moved.py, so removing a.py leaves it.
      expect(index.nearest(v(1, 0, 0), 10).map((hit) => hit.id)).not.toContain('a.py::north_east');
      expect(index.nearest(v(0, 0, -1), 1)[0]!.id).toBe('a.py::east');
    });

    it('removes every vector of the given paths and nothing else', () => {
      seed();
      index.removePaths(['a.py', 'c.py', 'never-stored.py']);
      expect(index.size()).toBe(2);
      expect(index.nearest(v(1, 0, 0), 10).map((hit) => hit.id)).toEqual(['b.py::north', 'b.py::west']);
      index.removePaths([]);
      expect(index.size()).toBe(2);
    });

    it('replacePaths replaces a path\'s vectors (dropping ids it no longer lists) and records its stamp', () => {
      seed();
      index.replacePaths(MODEL, [
        { path: 'a.py', stamp: 's1', vectors: [{ id: 'a.py::east', vector: v(0, 0, -1) }] },
        { path: 'empty.py', stamp: 's0', vectors: [] },
      ]);
      expect(index.size()).toBe(4);
      expect(index.nearest(v(1, 1, 0), 10).map((hit) => hit.id)).not.toContain('a.py::north_east');
      expect(index.nearest(v(0, 0, -1), 1)[0]!.id).toBe('a.py::east');
      index.replacePaths(MODEL, [{ path: 'a.py', stamp: 's3', vectors: [] }]);
      expect(index.completedPaths()).toEqual(new Map([['a.py', 's3'], ['empty.py', 's0']]));
      expect(index.size()).toBe(3);
      index.removePaths(['a.py']);
      expect(index.completedPaths()).toEqual(new Map([['empty.py', 's0']]));
    });

    it('a refused replacePaths changes nothing, stamps included', () => {
      seed();
      index.replacePaths(MODEL, [{ path: 'b.py', stamp: 's1', vectors: [{ id: 'b.py::north', vector: v(0, 1, 0) }] }]);
      internal(() =>
        index.replacePaths(MODEL, [
          { path: 'b.py', stamp: 's2', vectors: [{ id: 'b.py::north', vector: v(0, 1, 0) }] },
          { path: 'c.py', stamp: 's2', vectors: [{ id: 'c.py::up', vector: v(0, 1) }] },
        ]),
      );
      expect(index.completedPaths()).toEqual(new Map([['b.py', 's1']]));
      expect(index.size()).toBe(4);
      expect(index.nearest(v(0, 0, 1), 1)[0]!.id).toBe('c.py::up');
    });

    it('caches vectors by (model, content hash) and returns only those asked for', () => {
      index.cache(MODEL, [
        { contentHash: 'h1', vector: v(0.5, -0.25, 3) },
        { contentHash: 'h2', vector: v(1, 2, 3) },
      ]);
      index.cache('openai:other-model', [{ contentHash: 'h1', vector: v(9, 9) }]);
      const hits = index.cached(MODEL, ['h1', 'h3']);
      expect([...hits.keys()]).toEqual(['h1']);
      expect([...hits.get('h1')!]).toEqual([0.5, -0.25, 3]);
      expect([...index.cached('openai:other-model', ['h1', 'h2']).keys()]).toEqual(['h1']);
      expect(index.cached(MODEL, []).size).toBe(0);
      // The cache is not the index: nothing was stored for search.
      expect(index.size()).toBe(0);
    });

    it('drops every vector and completed path on a model or dimension change, but keeps the cache', () => {
      seed();
      index.replacePaths(MODEL, [{ path: 'a.py', stamp: 's1', vectors: [{ id: 'a.py::east', vector: v(1, 0, 0) }] }]);
      index.cache(MODEL, [{ contentHash: 'h1', vector: v(1, 0, 0) }]);
      index.setModel({ model: MODEL, dimensions: 3 });
      expect(index.size()).toBe(4); // the same model changes nothing
      expect(index.completedPaths().size).toBe(1);

      index.setModel({ model: 'openai:bigger', dimensions: 4 });
      expect(index.model()).toEqual({ model: 'openai:bigger', dimensions: 4 });
      expect(index.size()).toBe(0);
      expect(index.completedPaths().size).toBe(0);
      expect(index.nearest(v(1, 0, 0, 0), 5)).toEqual([]);
      expect(index.cached(MODEL, ['h1']).size).toBe(1);

      index.upsert('openai:bigger', [{ id: 'd.py::f', path: 'd.py', vector: v(0, 0, 0, 1) }]);
      expect(index.nearest(v(0, 0, 0, 1), 5).map((hit) => hit.id)).toEqual(['d.py::f']);
      index.setModel({ model: 'openai:bigger', dimensions: 2 });
      expect(index.size()).toBe(0);
    });

    it('refuses to mix models or lengths, and a query of the wrong length', () => {
      seed();
      internal(() => index.upsert('openai:other', [{ id: 'x.py::f', path: 'x.py', vector: v(1, 0, 0) }]));
      internal(() => index.upsert(MODEL, [{ id: 'x.py::f', path: 'x.py', vector: v(1, 0) }]));
      internal(() => index.nearest(v(1, 0), 3));
      internal(() => index.setModel({ model: MODEL, dimensions: 0 }));
      // A refused batch stores none of its entries.
      internal(() =>
        index.upsert(MODEL, [
          { id: 'y.py::ok', path: 'y.py', vector: v(1, 0, 0) },
          { id: 'y.py::bad', path: 'y.py', vector: v(1, 0) },
        ]),
      );
      expect(index.size()).toBe(5);
    });

    it('clear drops vectors and completed paths but keeps the model and the cache', () => {
      seed();
      index.replacePaths(MODEL, [{ path: 'a.py', stamp: 's1', vectors: [] }]);
      index.cache(MODEL, [{ contentHash: 'h1', vector: v(1, 0, 0) }]);
      index.clear();
      expect(index.size()).toBe(0);
      expect(index.completedPaths().size).toBe(0);
      expect(index.nearest(v(1, 0, 0), 5)).toEqual([]);
      expect(index.model()).toEqual({ model: MODEL, dimensions: 3 });
      expect(index.cached(MODEL, ['h1']).size).toBe(1);
      index.upsert(MODEL, [{ id: 'a.py::east', path: 'a.py', vector: v(1, 0, 0) }]);
      expect(index.nearest(v(1, 0, 0), 5).map((hit) => hit.id)).toEqual(['a.py::east']);
    });

    it('keeps vectors, model, completed paths and cache across a reopen', () => {
      seed();
      index.replacePaths(MODEL, [{ path: 'd.py', stamp: 's1', vectors: [] }]);
      index.cache(MODEL, [{ contentHash: 'h1', vector: v(1, 0, 0) }]);
      index.close();
      index = harness.reopen();
      expect(index.model()).toEqual({ model: MODEL, dimensions: 3 });
      expect(index.nearest(v(0, 0, 1), 1).map((hit) => hit.id)).toEqual(['c.py::up']);
      expect(index.completedPaths()).toEqual(new Map([['d.py', 's1']]));
      expect(index.cached(MODEL, ['h1']).size).toBe(1);
    });
  });
}
