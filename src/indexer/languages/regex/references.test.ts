import { describe, expect, it } from 'vitest';
import type { Language } from '../../../core/entities.js';
import { regexExtract } from './index.js';

function refs(language: Language, source: string): [string, string | null, string, string, number][] {
  return regexExtract(language, 'f', source).references.map((r) => [r.fromKey, r.qualifier, r.name, r.kind, r.line]);
}

describe('reference extraction', () => {
  it('renders receiver chains as the AST path does: names, "()", "[]", "?"', () => {
    const source = [
      'a.b.c()',
      'x[0].m()',
      '(p).q()',
      '"s".join(y)',
      'self.k().v()',
      'obj?.opt()',
    ].join('\n');
    expect(refs('typescript', source)).toEqual([
      ['f', 'a.b', 'c', 'call', 1],
      ['f', 'x[]', 'm', 'call', 2],
      ['f', '?', 'q', 'call', 3],
      ['f', '?', 'join', 'call', 4],
      ['f', 'self', 'k', 'call', 5],
      ['f', 'self.k()', 'v', 'call', 5],
      ['f', 'obj', 'opt', 'call', 6],
    ]);
    expect(refs('rust', 'fn f() { Foo::new(); a::b::c(); }')).toEqual([
      ['f::f', 'Foo', 'new', 'call', 1],
      ['f::f', 'a::b', 'c', 'call', 1],
    ]);
    expect(refs('cpp', 'void g() { p->m(); }')).toEqual([['f::g', 'p', 'm', 'call', 1]]);
  });

  it('skips keywords, comments, strings, definition names and nested definitions', () => {
    const source = [
      'def outer(x):',
      '    # call_in_comment(x)',
      '    s = "call_in_string(x)"',
      '    if check(x):',
      '        return len(x)',
      '    def inner(y):',
      '        return helper(y)',
      '    while (x): pass',
    ].join('\n');
    expect(refs('python', source)).toEqual([
      ['f::outer', null, 'check', 'call', 4],
      ['f::outer', null, 'len', 'call', 5],
      ['f::outer', null, 'helper', 'call', 7],
    ]);
  });

  it('C-family: `Type name(` declares, only calls after operators or expression keywords count', () => {
    const source = 'int proto(int);\nint main(void) {\n  int x = compute(1);\n  return finish(x);\n}\n';
    expect(refs('c', source)).toEqual([
      ['f::main', null, 'compute', 'call', 3],
      ['f::main', null, 'finish', 'call', 4],
    ]);
  });

  it('interface bodies hold signatures, not calls; class heritage gives inherit references', () => {
    const source = 'interface Shape {\n  area(): number;\n}\nclass Sq extends mixin(Base) implements Shape {}\n';
    expect(refs('typescript', source)).toEqual([
      ['f::Sq', null, 'mixin', 'call', 4],
      ['f::Sq', null, 'mixin', 'inherit', 4],
      ['f::Sq', null, 'Shape', 'inherit', 4],
    ]);
  });

  it('collapses repeated uses from one definition into one reference (first line kept)', () => {
    expect(refs('go', 'func f() {\n  g()\n  g()\n}\n')).toEqual([['f::f', null, 'g', 'call', 2]]);
  });
});
