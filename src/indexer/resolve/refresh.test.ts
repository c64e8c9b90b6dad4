import { describe, expect, it } from 'vitest';
import type { ImportRecord, RawReference, ReferenceEdge, SymbolRecord } from '../../core/entities.js';
import type { IndexWriter } from '../../store/curated.js';
import { aggregateFileEdges } from './file-edges.js';
import { changedNames, planReferenceRefresh, refreshReferences, type ReferenceSource } from './refresh.js';
import { resolveReferences } from './references.js';
import { inMemorySymbolTable } from './symbol-table.js';
import { sym } from './symbols.fixture.js';

function ref(fromKey: string, name: string): RawReference {
  const path = fromKey.split('::')[0]!;
  return { fromPath: path, fromKey, name, qualifier: null, kind: 'call', line: 1 };
}

function imp(fromPath: string, names: string[], toPaths: string[]): ImportRecord {
  return { fromPath, specifier: toPaths[0] ?? 'ext', names, line: 1, kind: 'static', toPaths };
}

/** A store-shaped source over arrays, as the curated store would answer. */
function source(symbols: SymbolRecord[], imports: ImportRecord[], refs: RawReference[]): ReferenceSource {
  const table = inMemorySymbolTable(symbols, imports);
  return {
    ...table,
    rawReferencesOf: (paths) => refs.filter((r) => paths.includes(r.fromPath)),
    rawReferencesNamed: (names) => refs.filter((r) => names.includes(r.name)),
    importedBy: (path) => imports.filter((i) => i.toPaths.includes(path)),
  };
}

// Compile-time check: the curated store's writer is a ReferenceSource as it is.
const _storeFits = (writer: IndexWriter): ReferenceSource => writer;
void _storeFits;

describe('changedNames', () => {
  it('names added, removed or changed in identity; not bodies that changed in place', () => {
    const before = [sym('a.py', 'keep'), sym('a.py', 'gone'), sym('a.py', 'Shape', 'class')];
    const after = [{ ...sym('a.py', 'keep'), endLine: 40 }, sym('a.py', 'fresh'), sym('a.py', 'Shape', 'struct')];
    expect(changedNames(before, after)).toEqual(['Shape', 'fresh', 'gone']);
  });
});

describe('refreshReferences', () => {
  // Before: app.py calls grind(), defined once in tools.py (0.5). Then other.py gains a grind().
  const symbols = [sym('tools.py', 'grind'), sym('other.py', 'grind'), sym('app.py', 'main'), sym('lib.py', 'run')];
  const refs = [ref('app.py::main', 'grind'), ref('lib.py::run', 'main'), ref('other.py', 'print_it')];

  it('re-resolves the changed file and every file naming a changed definition', () => {
    const store = source(symbols, [], refs);
    const plan = planReferenceRefresh([
      { path: 'other.py', symbolsBefore: [], symbolsAfter: [sym('other.py', 'grind')], importsChanged: false },
    ]);
    expect(plan).toEqual({ paths: ['other.py'], names: ['grind'], reexportSources: [] });
    const result = refreshReferences(store, plan);
    expect(result.fromPaths).toEqual(['app.py', 'other.py']);
    expect(result.edges.map((e) => `${e.fromKey}->${e.toKey}@${e.confidence}`)).toEqual([
      'app.py::main->other.py::grind@0.15',
      'app.py::main->tools.py::grind@0.15',
    ]);
  });

  it('re-resolves importers when a file’s re-exports change', () => {
    const barrelSymbols = [sym('src/a.ts', 'widget'), sym('src/b.ts', 'widget'), sym('src/main.ts', 'main')];
    const imports = [imp('src/index.ts', ['*'], ['src/b.ts']), imp('src/main.ts', ['widget'], ['src/index.ts'])];
    const store = source(barrelSymbols, imports, [ref('src/main.ts::main', 'widget')]);
    const plan = planReferenceRefresh([
      { path: 'src/index.ts', symbolsBefore: [], symbolsAfter: [], importsChanged: true },
    ]);
    const result = refreshReferences(store, plan);
    expect(result.fromPaths).toEqual(['src/index.ts', 'src/main.ts']);
    expect(result.edges.map((e) => `${e.fromKey}->${e.toKey}@${e.confidence}`)).toEqual(['src/main.ts::main->src/b.ts::widget@1']);
  });

  it('matches a full re-resolution of every file', () => {
    const store = source(symbols, [], refs);
    const plan = planReferenceRefresh([
      { path: 'tools.py', symbolsBefore: [sym('tools.py', 'grind')], symbolsAfter: [sym('tools.py', 'grind')], importsChanged: false },
    ]);
    const partial = refreshReferences(store, plan);
    const full = resolveReferences(refs, inMemorySymbolTable(symbols, []));
    expect(partial.edges).toEqual(full.filter((e) => partial.fromPaths.includes(e.fromPath)));
    expect(partial.fromPaths).toEqual(['tools.py']);
  });
});

describe('aggregateFileEdges', () => {
  it('sums counts and confidence-weighted uses per file pair, leaving out same-file edges', () => {
    const edge = (fromKey: string, toKey: string, count: number, confidence: number): ReferenceEdge => ({
      fromKey,
      fromPath: fromKey.split('::')[0]!,
      toKey,
      toPath: toKey.split('::')[0]!,
      kind: 'call',
      count,
      confidence,
    });
    expect(
      aggregateFileEdges([
        edge('b.py::x', 'a.py::f', 2, 1),
        edge('b.py::y', 'a.py::g', 1, 0.5),
        edge('b.py::y', 'b.py::x', 4, 1),
        edge('a.py::f', 'c.py::h', 1, 0.3),
      ]),
    ).toEqual([
      { fromPath: 'a.py', toPath: 'c.py', count: 1, weight: 0.3 },
      { fromPath: 'b.py', toPath: 'a.py', count: 3, weight: 2.5 },
    ]);
  });
});
