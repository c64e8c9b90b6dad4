import { describe, expect, it } from 'vitest';
import type { ImportRecord, RawReference, ReferenceKind, SymbolRecord } from '../../core/entities.js';
import { resolveReferences } from './references.js';
import { inMemorySymbolTable } from './symbol-table.js';
import { sym } from './symbols.fixture.js';

function imp(fromPath: string, specifier: string, names: string[], toPaths: string[]): ImportRecord {
  return { fromPath, specifier, names, line: 1, kind: 'static', toPaths };
}

function ref(fromKey: string, name: string, qualifier: string | null = null, kind: ReferenceKind = 'call'): RawReference {
  const at = fromKey.indexOf('::');
  return { fromPath: at < 0 ? fromKey : fromKey.slice(0, at), fromKey, name, qualifier, kind, line: 1 };
}

/** Resolves one reference and returns "toKey@confidence" strings. */
function targets(symbols: SymbolRecord[], imports: ImportRecord[], raw: RawReference): string[] {
  return resolveReferences([raw], inMemorySymbolTable(symbols, imports)).map((e) => `${e.toKey}@${e.confidence}`);
}

describe('reference resolution rules', () => {
  it('same file: a module-level definition wins with confidence 1', () => {
    const symbols = [sym('a.py', 'helper'), sym('a.py', 'main'), sym('b.py', 'helper')];
    expect(targets(symbols, [], ref('a.py::main', 'helper'))).toEqual(['a.py::helper@1']);
  });

  it('self/this: members of the enclosing class, not a module function of the same name', () => {
    const symbols = [
      sym('a.py', 'save'),
      sym('a.py', 'Model', 'class'),
      sym('a.py', 'Model.save', 'method'),
      sym('a.py', 'Model.run', 'method'),
      sym('a.py', 'Other', 'class'),
      sym('a.py', 'Other.save', 'method'),
    ];
    expect(targets(symbols, [], ref('a.py::Model.run', 'save', 'self'))).toEqual(['a.py::Model.save@1']);
    expect(targets(symbols, [], ref('a.py::Model.run', 'save', 'this'))).toEqual(['a.py::Model.save@1']);
  });

  it('self: members of an impl/receiver scope without a symbol of its own (Rust, Go)', () => {
    const symbols = [sym('s.rs', 'S', 'struct'), sym('s.rs', 'S.new', 'method'), sym('s.rs', 'S.run', 'method')];
    expect(targets(symbols, [], ref('s.rs::S.run', 'new', 'Self'))).toEqual(['s.rs::S.new@1']);
    const goSymbols = [sym('t.go', 'T.Len', 'method'), sym('t.go', 'T.Sum', 'method')];
    expect(targets(goSymbols, [], ref('t.go::T.Sum', 'Len', 'self'))).toEqual(['t.go::T.Len@1']);
  });

  it('a name bound by an import resolves in the imported file with confidence 1', () => {
    const symbols = [sym('pkg/util.py', 'slugify'), sym('other/util.py', 'slugify'), sym('app.py', 'main')];
    const imports = [imp('app.py', 'pkg.util', ['slugify'], ['pkg/util.py'])];
    expect(targets(symbols, imports, ref('app.py::main', 'slugify'))).toEqual(['pkg/util.py::slugify@1']);
  });

  it('follows re-exports: package __init__ and TS barrels', () => {
    const symbols = [sym('pkg/core.py', 'Engine', 'class'), sym('app.py', 'main'), sym('src/a.ts', 'widget')];
    const imports = [
      imp('pkg/__init__.py', '.core', ['Engine'], ['pkg/core.py']),
      imp('app.py', 'pkg', ['Engine'], ['pkg/__init__.py']),
      imp('src/index.ts', './a', ['*'], ['src/a.ts']),
      imp('src/main.ts', './index', ['widget'], ['src/index.ts']),
    ];
    expect(targets(symbols, imports, ref('app.py::main', 'Engine'))).toEqual(['pkg/core.py::Engine@1']);
    expect(targets(symbols, imports, ref('src/main.ts', 'widget'))).toEqual(['src/a.ts::widget@1']);
  });

  it('a name bound by an external import resolves to nothing, even when the repo defines it', () => {
    const symbols = [sym('mylib.py', 'dumps'), sym('app.py', 'main')];
    const imports = [imp('app.py', 'json', ['dumps'], [])];
    expect(targets(symbols, imports, ref('app.py::main', 'dumps'))).toEqual([]);
  });

  it('Class.member with the class imported or defined in the file → 1', () => {
    const symbols = [
      sym('src/main/java/a/Util.java', 'Util', 'class'),
      sym('src/main/java/a/Util.java', 'Util.join', 'method'),
      sym('src/main/java/b/Other.java', 'Other', 'class'),
      sym('src/main/java/b/Other.java', 'Other.join', 'method'),
      sym('src/main/java/b/App.java', 'App', 'class'),
      sym('src/main/java/b/App.java', 'App.run', 'method'),
      sym('src/main/java/b/App.java', 'Local', 'class'),
      sym('src/main/java/b/App.java', 'Local.make', 'method'),
    ];
    const imports = [imp('src/main/java/b/App.java', 'a.Util', ['Util'], ['src/main/java/a/Util.java'])];
    const from = 'src/main/java/b/App.java::App.run';
    expect(targets(symbols, imports, ref(from, 'join', 'Util'))).toEqual(['src/main/java/a/Util.java::Util.join@1']);
    expect(targets(symbols, imports, ref(from, 'make', 'Local'))).toEqual(['src/main/java/b/App.java::Local.make@1']);
  });

  it('a qualifier naming an imported module → 0.9 (Python dotted module, Go package name and alias)', () => {
    const symbols = [sym('a/b.py', 'f'), sym('other.py', 'f'), sym('app.py', 'main')];
    const imports = [imp('app.py', 'a.b', [], ['a/b.py'])];
    expect(targets(symbols, imports, ref('app.py::main', 'f', 'a.b'))).toEqual(['a/b.py::f@0.9']);

    const goSymbols = [sym('internal/cart/cart.go', 'Total'), sym('pkg/money/money.go', 'Add'), sym('main.go', 'main')];
    const goImports = [
      imp('main.go', 'example.com/shop/internal/cart', [], ['internal/cart/cart.go']),
      imp('main.go', 'example.com/shop/pkg/money', ['m'], ['pkg/money/money.go']),
    ];
    expect(targets(goSymbols, goImports, ref('main.go::main', 'Total', 'cart'))).toEqual(['internal/cart/cart.go::Total@0.9']);
    expect(targets(goSymbols, goImports, ref('main.go::main', 'Add', 'm'))).toEqual(['pkg/money/money.go::Add@0.9']);
  });

  it('a qualifier naming an external module resolves to nothing', () => {
    const symbols = [sym('lib/strings.go', 'Println'), sym('main.go', 'main')];
    const imports = [imp('main.go', 'fmt', [], [])];
    expect(targets(symbols, imports, ref('main.go::main', 'Println', 'fmt'))).toEqual([]);
  });

  it('Go and Java: a definition in another file of the same package → 0.9', () => {
    const symbols = [
      sym('internal/cart/items.go', 'newItem'),
      sym('internal/cart/cart.go', 'Total'),
      sym('other/items.go', 'newItem'),
      sym('src/a/Util.java', 'Util', 'class'),
      sym('src/a/Util.java', 'Util.pad', 'method'),
      sym('src/a/App.java', 'App', 'class'),
      sym('src/a/App.java', 'App.run', 'method'),
    ];
    expect(targets(symbols, [], ref('internal/cart/cart.go::Total', 'newItem'))).toEqual([
      'internal/cart/items.go::newItem@0.9',
    ]);
    expect(targets(symbols, [], ref('src/a/App.java::App.run', 'pad', 'Util'))).toEqual(['src/a/Util.java::Util.pad@0.9']);
  });

  it('defined in exactly one imported file (star import, default import) → 0.8', () => {
    const symbols = [sym('pkg/tools.py', 'grind'), sym('other/tools.py', 'grind'), sym('app.py', 'main')];
    const imports = [imp('app.py', 'pkg.tools', ['*'], ['pkg/tools.py'])];
    expect(targets(symbols, imports, ref('app.py::main', 'grind'))).toEqual(['pkg/tools.py::grind@0.8']);
  });

  it('defined once in the repository → 0.5; 2–3 times → 0.3/n each; more → dropped', () => {
    const one = [sym('x.py', 'unique'), sym('app.py', 'main')];
    expect(targets(one, [], ref('app.py::main', 'unique'))).toEqual(['x.py::unique@0.5']);
    const two = [sym('x.py', 'dup'), sym('y.py', 'dup'), sym('app.py', 'main')];
    expect(targets(two, [], ref('app.py::main', 'dup'))).toEqual(['x.py::dup@0.15', 'y.py::dup@0.15']);
    const three = [...two, sym('z.py', 'dup')];
    expect(targets(three, [], ref('app.py::main', 'dup')).map((t) => Number(t.split('@')[1]).toFixed(4))).toEqual([
      '0.1000',
      '0.1000',
      '0.1000',
    ]);
    const four = [...three, sym('w.py', 'dup')];
    expect(targets(four, [], ref('app.py::main', 'dup'))).toEqual([]);
  });

  it('an unknown receiver (`obj.m()`) matches members only', () => {
    const symbols = [sym('x.py', 'save'), sym('m.py', 'Model', 'class'), sym('m.py', 'Model.save', 'method'), sym('app.py', 'main')];
    expect(targets(symbols, [], ref('app.py::main', 'save', 'obj'))).toEqual(['m.py::Model.save@0.5']);
  });

  it('matches kinds to the use: bases must be types, calls must be callables', () => {
    const symbols = [sym('x.py', 'Base'), sym('y.py', 'Base', 'class'), sym('app.py', 'App', 'class')];
    expect(targets(symbols, [], ref('app.py::App', 'Base', null, 'inherit'))).toEqual(['y.py::Base@0.5']);
    const types = [sym('t.ts', 'Shape', 'interface'), sym('app.ts', 'main')];
    expect(targets(types, [], ref('app.ts::main', 'Shape', null, 'call'))).toEqual([]);
    expect(targets(types, [], ref('app.ts::main', 'Shape', null, 'type'))).toEqual(['t.ts::Shape@0.5']);
  });

  it('stays within the language family (TS names JS, never Python)', () => {
    const symbols = [sym('lib.py', 'render'), sym('lib.js', 'render'), sym('app.ts', 'main')];
    expect(targets(symbols, [], ref('app.ts::main', 'render'))).toEqual(['lib.js::render@0.5']);
  });
});

describe('edges', () => {
  it('collapses repeated uses into one edge with a count, and drops recursion', () => {
    const symbols = [sym('a.py', 'helper'), sym('a.py', 'main')];
    const table = inMemorySymbolTable(symbols, []);
    const edges = resolveReferences(
      [ref('a.py::main', 'helper'), ref('a.py::main', 'helper'), ref('a.py::helper', 'helper')],
      table,
    );
    expect(edges).toEqual([
      { fromKey: 'a.py::main', fromPath: 'a.py', toKey: 'a.py::helper', toPath: 'a.py', kind: 'call', count: 2, confidence: 1 },
    ]);
  });

  it('is deterministic: input order does not change the output', () => {
    const symbols = [sym('a.py', 'f'), sym('b.py', 'g'), sym('c.py', 'h'), sym('app.py', 'main')];
    const refs = [ref('app.py::main', 'h'), ref('app.py::main', 'f'), ref('app.py', 'g')];
    const table = inMemorySymbolTable(symbols, []);
    expect(resolveReferences(refs, table)).toEqual(resolveReferences([...refs].reverse(), table));
    expect(resolveReferences(refs, table).map((e) => e.toKey)).toEqual(['b.py::g', 'a.py::f', 'c.py::h']);
  });
});
