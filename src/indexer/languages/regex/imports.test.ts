import { describe, expect, it } from 'vitest';
import type { Language } from '../../../core/entities.js';
import { regexExtract } from './index.js';

function imports(language: Language, source: string): [string, string[], number, string][] {
  return regexExtract(language, 'f', source).imports.map((i) => [i.specifier, i.names, i.line, i.kind]);
}

describe('import extraction edge cases', () => {
  it('TS/JS: multi-line clauses with comments, import-equals, requires and imports in code only', () => {
    const source = [
      'import {',
      '  a, // first',
      '  /* second */ b as bee,',
      '} from "./multi";',
      'import type Def, * as all from "./both";',
      'import x = require("./eq");',
      '// import { no } from "./commented";',
      'const s = "require(\'./in-string\')";',
      'const t = `${await import("./in-template")}`;',
      'if (cond) { const m = require("./nested"); }',
      'export { default as thing, other } from "./re";',
    ].join('\n');
    expect(imports('typescript', source)).toEqual([
      ['./multi', ['a', 'b'], 1, 'static'],
      ['./both', ['default', '*'], 5, 'static'],
      ['./eq', ['*'], 6, 'static'],
      ['./re', ['default', 'other'], 11, 'reexport'],
      ['./nested', [], 10, 'dynamic'],
    ]);
  });

  it('Python: parenthesised and continued lines, relative levels, dynamic imports, not strings', () => {
    const source = [
      'from a.b import (',
      '    c,  # comment',
      '    d as dee,',
      ')',
      'import e.f as g, h',
      'from ... import i',
      'from x import \\',
      '    y',
      '"""import not_me"""',
      'mod = importlib.import_module("pkg.plugin")',
      'bad = importlib.import_module(f"pkg.{name}")',
      'def f():',
      '    import inner.mod',
    ].join('\n');
    expect(imports('python', source)).toEqual([
      ['a.b', ['c', 'd'], 1, 'static'],
      ['e.f', [], 5, 'static'],
      ['h', [], 5, 'static'],
      ['...', ['i'], 6, 'static'],
      ['x', ['y'], 7, 'static'],
      ['inner.mod', [], 13, 'static'],
      ['pkg.plugin', [], 10, 'dynamic'],
    ]);
  });

  it('Rust: nested use groups flatten per path; self binds the module; aliases keep the original name', () => {
    const source = 'use a::{b::{c, d as dee}, e, f::{self}};\nuse g::*;\nextern crate h;\npub(crate) use i::j;\nmod k { }\n';
    expect(imports('rust', source)).toEqual([
      ['a::b', ['c', 'd'], 1, 'static'],
      ['a', ['e', 'f'], 1, 'static'],
      ['g', ['*'], 2, 'static'],
      ['h', [], 3, 'static'],
      ['i', ['j'], 4, 'static'],
    ]);
  });

  it('Go, Scala, Kotlin, C#, PHP, Ruby, C and shell forms', () => {
    expect(imports('go', 'import f "fmt"\nimport _ "embed"\n')).toEqual([
      ['fmt', ['f'], 1, 'static'],
      ['embed', ['_'], 2, 'static'],
    ]);
    expect(imports('scala', 'import a.b.{C => D, E}, f.g._\nimport h.I\n')).toEqual([
      ['a.b', ['C', 'E'], 1, 'static'],
      ['f.g', ['*'], 1, 'static'],
      ['h.I', ['I'], 2, 'static'],
    ]);
    expect(imports('kotlin', 'import a.b.C as D\nimport e.*\n')).toEqual([
      ['a.b.C', ['C'], 1, 'static'],
      ['e', ['*'], 2, 'static'],
    ]);
    expect(imports('csharp', 'using static A.B.C;\nusing (var x = y) {}\nglobal using D.E;\n')).toEqual([
      ['A.B.C', [], 1, 'static'],
      ['D.E', [], 3, 'static'],
    ]);
    expect(imports('php', "<?php\nuse function A\\b;\ninclude __DIR__ . '/x.php';\nrequire('lib/y.php');\n")).toEqual([
      ['A\\b', ['b'], 2, 'static'],
      ['lib/y.php', [], 4, 'static'],
    ]);
    expect(imports('ruby', "require_relative '../up'\nrequire \"#{dir}/dyn\"\nload 'tasks.rb'\n")).toEqual([
      ['../up', [], 1, 'static'],
      ['tasks.rb', [], 3, 'static'],
    ]);
    expect(imports('cpp', '#include "a/b.h"\n#  include "c.h"\n#include <vector>\n// #include "no.h"\n')).toEqual([
      ['a/b.h', [], 1, 'static'],
      ['c.h', [], 2, 'static'],
    ]);
    expect(imports('shell', 'source "lib/common.sh"\n. ./env.sh\nsource $DIR/x.sh\n')).toEqual([
      ['lib/common.sh', [], 1, 'static'],
      ['./env.sh', [], 2, 'static'],
    ]);
  });
});
