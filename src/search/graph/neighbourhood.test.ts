import { describe, expect, it } from 'vitest';
import { neighbourhood } from './neighbourhood.js';
import { FILE_RELATIONS } from './repo-graph.js';
import { fileTarget, symbolTarget } from './targets.fixture.js';
import { graphOf } from './test-graphs.fixture.js';

// a imports b, b imports c, d imports a; a's main calls b's main 3 times and c's once;
// a and e changed together twice; README mentions a.
const graph = graphOf({
  files: ['README.md', 'a', 'b', 'c', 'd', 'e'],
  imports: [['a', 'b'], ['b', 'c'], ['d', 'a']],
  references: [
    { from: 'a', to: 'b', fromKey: 'a::main', toKey: 'b::main', count: 3 },
    { from: 'a', to: 'c', fromKey: 'a::main', toKey: 'c::main', count: 1, confidence: 0.5 },
    { from: 'd', to: 'a', fromKey: 'd', toKey: 'a::main', count: 1 },
  ],
  cochange: [['a', 'e', 2]],
  docs: [['README.md', 'a']],
});
const all = { depth: 1, relations: [...FILE_RELATIONS], maxChildren: 20 };

describe('neighbourhood', () => {
  it('lists each relation both ways for a file, strongest edge first', () => {
    const result = neighbourhood(graph, fileTarget('a'), all);
    const branches = Object.fromEntries(result.branches.map((b) => [b.relation, b.entries.map((e) => [e.id, e.count])]));
    expect(branches).toEqual({
      imports: [['b', 1]],
      importedBy: [['d', 1]],
      references: [['b', 3], ['c', 1]],
      referencedBy: [['d', 1]],
      cochange: [['e', 2]],
      docs: [],
      documentedBy: [['README.md', 1]],
    });
  });

  it('gives edges their true direction and each node its smallest depth', () => {
    const result = neighbourhood(graph, fileTarget('a'), { ...all, depth: 2 });
    expect(result.edges).toContainEqual({ from: 'd', to: 'a', relation: 'imports', count: 1, weight: 1 });
    expect(result.edges).toContainEqual({ from: 'a', to: 'c', relation: 'references', count: 1, weight: 0.5, kinds: ['call'] });
    expect(result.edges).toContainEqual({ from: 'b', to: 'c', relation: 'imports', count: 1, weight: 1 });
    expect(result.nodes.find((n) => n.id === 'c')).toEqual({ id: 'c', kind: 'file', path: 'c', depth: 1 });
    expect(result.nodes[0]).toEqual({ id: 'a', kind: 'file', path: 'a', depth: 0 });
  });

  it('follows a relation the same way to --depth, marking nodes already shown', () => {
    const one = neighbourhood(graph, fileTarget('a'), { ...all, relations: ['imports'] });
    expect(one.branches.find((b) => b.relation === 'imports')!.entries[0]!.children).toEqual([]);
    const two = neighbourhood(graph, fileTarget('d'), { ...all, depth: 3, relations: ['imports'] });
    const imports = two.branches.find((b) => b.relation === 'imports')!;
    expect(imports.entries.map((e) => e.id)).toEqual(['a']);
    expect(imports.entries[0]!.children.map((e) => e.id)).toEqual(['b']);
    expect(imports.entries[0]!.children[0]!.children.map((e) => e.id)).toEqual(['c']);
    const importedBy = neighbourhood(graph, fileTarget('c'), { ...all, depth: 3, relations: ['imports'] }).branches.find((b) => b.relation === 'importedBy')!;
    expect(importedBy.entries[0]!.children[0]!.children[0]).toMatchObject({ id: 'd', repeated: false });
  });

  it('keeps only the relations asked for and counts what --limit leaves out', () => {
    const result = neighbourhood(graph, fileTarget('a'), { ...all, relations: ['references'], maxChildren: 1 });
    expect(result.branches.map((b) => b.relation)).toEqual(['references', 'referencedBy']);
    expect(result.branches[0]).toMatchObject({ entries: [{ id: 'b' }], omitted: 1 });
  });

  it('walks references at the symbol level for a symbol, and other relations at its file', () => {
    const result = neighbourhood(graph, symbolTarget('a::main'), all);
    const references = result.branches.find((b) => b.relation === 'references')!;
    expect(references).toMatchObject({ level: 'symbol', from: 'a::main' });
    expect(references.entries.map((e) => [e.id, e.kind])).toEqual([['b::main', 'symbol'], ['c::main', 'symbol']]);
    // d's module-level code (no enclosing symbol) calls a::main: a file node.
    expect(result.branches.find((b) => b.relation === 'referencedBy')!.entries.map((e) => [e.id, e.kind])).toEqual([['d', 'file']]);
    expect(result.branches.find((b) => b.relation === 'imports')).toMatchObject({ level: 'file', from: 'a', entries: [{ id: 'b' }] });
  });

  it('a symbol without references has empty reference branches', () => {
    const result = neighbourhood(graph, symbolTarget('e::lonely'), all);
    expect(result.branches.find((b) => b.relation === 'references')!.entries).toEqual([]);
    expect(result.branches.find((b) => b.relation === 'cochange')!.entries.map((e) => e.id)).toEqual(['a']);
  });
});
