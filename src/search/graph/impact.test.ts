import { describe, expect, it } from 'vitest';
import { impactOf } from './impact.js';
import { fileTarget, symbolTarget } from './targets.fixture.js';
import { graphOf } from './test-graphs.fixture.js';

// core ← imported by api ← imported by cli ← imported by main (4 hops from core to main);
// web refers to core twice (0.9), api once; test_core imports core.
const graph = graphOf({
  files: ['api', 'cli', 'core', 'main', { path: 'test_core', isTest: true }, 'web'],
  imports: [['api', 'core'], ['cli', 'api'], ['main', 'cli'], ['test_core', 'core']],
  references: [
    { from: 'web', to: 'core', fromKey: 'web::handler', toKey: 'core::run', count: 2, confidence: 0.9 },
    { from: 'web', to: 'api', fromKey: 'web::handler', toKey: 'api::serve', count: 1 },
    { from: 'api', to: 'core', fromKey: 'api::serve', toKey: 'core::run', count: 1 },
    { from: 'cli', to: 'api', fromKey: 'cli::go', toKey: 'api::serve', count: 1 },
  ],
});

describe('impactOf', () => {
  it('lists importers and referrers by distance then strength, each with its chain', () => {
    const impact = impactOf(graph, fileTarget('core'), { depth: 3 });
    expect(impact.dependents.map((e) => [e.id, e.distance, e.strength])).toEqual([
      ['api', 1, 2], // import (1) + one use (1)
      ['web', 1, 1.8], // two uses at 0.9
      ['cli', 2, 2], // import of api + one use of api
      ['main', 3, 1],
    ]);
    expect(impact.dependents.find((e) => e.id === 'main')!.chain).toEqual([
      { relation: 'importedBy', id: 'api' },
      { relation: 'importedBy', id: 'cli' },
      { relation: 'importedBy', id: 'main' },
    ]);
    expect(impact.dependents.find((e) => e.id === 'web')!.chain).toEqual([{ relation: 'referencedBy', id: 'web' }]);
  });

  it('puts tests in their own section', () => {
    const impact = impactOf(graph, fileTarget('core'), { depth: 1 });
    expect(impact.tests.map((e) => e.id)).toEqual(['test_core']);
    expect(impact.dependents.map((e) => e.id)).toEqual(['api', 'web']);
  });

  it('stops at the depth asked for, and never goes beyond three hops', () => {
    expect(impactOf(graph, fileTarget('core'), { depth: 2 }).dependents.map((e) => e.id)).toEqual(['api', 'web', 'cli']);
    const deep = graph;
    const capped = impactOf(deep, fileTarget('core'), { depth: 9 });
    expect(capped.depth).toBe(3);
    expect(capped.dependents.map((e) => e.id)).toContain('main');
  });

  it('follows symbol-level referrers for a symbol, plus files importing it by name', () => {
    const impact = impactOf(graph, symbolTarget('core::run'), { depth: 3, namedImporters: ['test_core', 'cli', 'core', 'web'] });
    expect(impact.dependents.map((e) => [e.id, e.kind, e.distance])).toEqual([
      ['web::handler', 'symbol', 1],
      ['api::serve', 'symbol', 1],
      ['cli', 'file', 1], // imports it by name; its own file and web (web::handler uses it) are left out
      ['cli::go', 'symbol', 2],
    ]);
    expect(impact.tests.map((e) => e.id)).toEqual(['test_core']);
    expect(impact.dependents.find((e) => e.id === 'cli::go')!.chain).toEqual([
      { relation: 'referencedBy', id: 'api::serve' },
      { relation: 'referencedBy', id: 'cli::go' },
    ]);
  });

  it('nothing depends on a leaf', () => {
    expect(impactOf(graph, fileTarget('main'), { depth: 3 })).toMatchObject({ dependents: [], tests: [] });
  });
});
