import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RepoContext } from '../../config/repo-context.js';
import { drainIndex, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import type { CuratedReader } from '../../store/curated.js';
import { fixtureRepo, gitInit, type TempDir } from '../../../test/support/temp-repo.js';
import { degree } from './adjacency.js';
import { RepoGraphCache } from './graph-cache.js';
import { loadRepoGraph } from './load-graph.js';
import { referenceKinds, type RepoGraph } from './repo-graph.js';

let repo: TempDir;
let context: RepoContext;
let reader: CuratedReader;
let graph: RepoGraph;

beforeAll(async () => {
  repo = fixtureRepo('shop');
  const git = gitInit(repo.path);
  git.commit('first');
  repo.write('shop/cart.py', `# touched\n${textOf('shop/cart.py')}`);
  repo.write('shop/pricing.py', `# touched\n${textOf('shop/pricing.py')}`);
  git.commit('cart and pricing together');
  context = await openRepo({ repo: repo.path, indexDir: `${repo.path}/.idx` });
  await drainIndex(runIndex(context, { workers: 0 }));
  reader = openReader(context);
  graph = loadRepoGraph(reader);
});

afterAll(() => {
  reader?.close();
  repo?.remove();
});

function textOf(relative: string): string {
  return readFileSync(join(repo.path, relative), 'utf8');
}

const neighbours = (adjacency: RepoGraph['out']['imports'], path: string): string[] => {
  const id = graph.files.ids.get(path)!;
  const out: string[] = [];
  for (let e = adjacency.offsets[id]!; e < adjacency.offsets[id + 1]!; e++) out.push(graph.files.paths[adjacency.targets[e]!]!);
  return out;
};

describe('loadRepoGraph on the shop fixture', () => {
  it('numbers every indexed file by sorted path', () => {
    expect(graph.files.paths).toEqual(reader.filePaths());
    expect(graph.files.paths.map((path) => graph.files.ids.get(path))).toEqual(graph.files.paths.map((_, id) => id));
  });

  it('has the resolved imports, both ways', () => {
    expect(neighbours(graph.out.imports, 'shop/__init__.py')).toEqual(['shop/cart.py', 'shop/payments/gateway.py']);
    expect(neighbours(graph.in.imports, 'shop/cart.py')).toEqual(['shop/__init__.py', 'shop/payments/gateway.py', 'tests/test_cart.py']);
    expect(neighbours(graph.out.imports, 'web/src/api.ts')).toEqual(['web/src/format.ts']);
  });

  it('aggregates references per file pair, leaving out uses within a file', () => {
    // gateway.charge → Cart (type, 1.0) and Cart.total (call, 0.8)
    const gateway = graph.files.ids.get('shop/payments/gateway.py')!;
    const edge = graph.out.references.offsets[gateway]!;
    expect(degree(graph.out.references, gateway)).toBe(1);
    expect(graph.files.paths[graph.out.references.targets[edge]!]).toBe('shop/cart.py');
    expect(graph.out.references.counts[edge]).toBe(2);
    expect(graph.out.references.weights[edge]).toBeCloseTo(1.8, 6);
    expect(referenceKinds(graph.out.references.kinds[edge]!)).toEqual(['call', 'type']);
    expect(neighbours(graph.in.references, 'shop/cart.py')).toEqual(['shop/payments/gateway.py', 'tests/test_cart.py']);
  });

  it('keeps symbol-level references, including uses within a file', () => {
    const { symbols } = graph;
    const total = symbols.ids.get('shop/cart.py::Cart.total')!;
    const callers = [];
    for (let e = symbols.in.offsets[total]!; e < symbols.in.offsets[total + 1]!; e++) callers.push(symbols.keys[symbols.in.targets[e]!]);
    expect(callers.sort()).toEqual(['shop/payments/gateway.py::charge', 'tests/test_cart.py::test_total_applies_discount_and_tax']);
    expect(symbols.ids.has('shop/cart.py::Cart.subtotal')).toBe(true); // only used inside cart.py
    expect(graph.files.paths[symbols.fileOf[total]!]).toBe('shop/cart.py');
  });

  it('has co-change pairs from git (undirected) and doc links', () => {
    const sharedCommits = (a: string, b: string): number | undefined => {
      const [from, to] = [graph.files.ids.get(a)!, graph.files.ids.get(b)!];
      for (let e = graph.out.cochange.offsets[from]!; e < graph.out.cochange.offsets[from + 1]!; e++) {
        if (graph.out.cochange.targets[e] === to) return graph.out.cochange.counts[e];
      }
      return undefined;
    };
    expect(sharedCommits('shop/cart.py', 'shop/pricing.py')).toBe(2);
    expect(sharedCommits('shop/pricing.py', 'shop/cart.py')).toBe(2);
    expect(sharedCommits('shop/cart.py', 'web/src/format.ts')).toBe(1);
    expect(neighbours(graph.out.docs, 'docs/payments.md')).toEqual(['shop/cart.py', 'shop/payments/gateway.py', 'shop/pricing.py']);
    expect(neighbours(graph.in.docs, 'shop/cart.py')).toEqual(['README.md', 'docs/payments.md']);
    expect(loadRepoGraph(reader, { docs: false }).out.docs.targets.length).toBe(0);
  });
});

describe('RepoGraphCache', () => {
  it('reuses a graph while the index stamp holds, and reloads after an index run', async () => {
    let loads = 0;
    const cache = new RepoGraphCache({ load: (r, o) => (loads++, loadRepoGraph(r, o)) });
    const first = cache.graphFor(context.indexDir, reader);
    expect(cache.graphFor(context.indexDir, reader)).toBe(first);
    expect(loads).toBe(1);
    repo.write('shop/extra.py', 'from .cart import Cart\n');
    await drainIndex(runIndex(context, { workers: 0 }));
    expect(cache.graphFor(context.indexDir, reader)).toBe(first); // the reader still reads the state it opened
    expect(reader.latest()).toBe(true);
    const second = cache.graphFor(context.indexDir, reader);
    expect(loads).toBe(2);
    expect(second.stamp).not.toBe(first.stamp);
    expect(second.files.ids.has('shop/extra.py')).toBe(true);
  });

  it('keeps at most `capacity` graphs, dropping the least recently used', () => {
    let loads = 0;
    const cache = new RepoGraphCache({ capacity: 2, load: (r, o) => (loads++, loadRepoGraph(r, o)) });
    cache.graphFor('one', reader);
    cache.graphFor('two', reader);
    cache.graphFor('one', reader);
    cache.graphFor('three', reader); // evicts 'two'
    expect(loads).toBe(3);
    cache.graphFor('one', reader);
    expect(loads).toBe(3);
    cache.graphFor('two', reader);
    expect(loads).toBe(4);
  });
});
