// Keys a person would type and where signatures end (issue 21): the definition of a name
// keeps `path::name`; overload declarations and other repeats are `name#n` by their place
// in the file; an ambient `declare module '../..'` is no scope; a signature's lines run from
// the definition's first line to the line that opens its body.

import { describe, expect, it } from 'vitest';
import { regexExtract } from './regex/index.js';
import { extractSource, referenceRows, symbolNamed, symbolRows } from './test-support.js';

const PYTHON_OVERLOADS = `import typing as t


@t.overload
def stream_with_context(
    generator_or_function: t.Iterator[str],
) -> t.Iterator[str]: ...


@t.overload
def stream_with_context(generator_or_function: t.Callable[..., str]) -> str: ...


def stream_with_context(
    generator_or_function,
):
    return wrap(generator_or_function)


class Config:
    @property
    def root(self):
        return self._root

    @root.setter
    def root(self, value):
        self._root = value
`;

describe('keys of names defined more than once (regression: stream_with_context#3, issue 21)', () => {
  it('gives the definition with the code the plain key, the overload stubs #1 and #2', () => {
    const extraction = extractSource('python', 'helpers.py', PYTHON_OVERLOADS);
    expect(symbolRows(extraction).map((row) => [row[0], row[4], row[5]])).toEqual([
      ['stream_with_context#1', 4, 7],
      ['stream_with_context#2', 10, 11],
      ['stream_with_context', 14, 17],
      ['Config', 20, 27],
      ['Config.root', 21, 23],
      ['Config.root#2', 25, 27],
    ]);
    expect(referenceRows(extraction).filter((row) => row[1] === 'wrap')).toEqual([['stream_with_context', 'wrap', null, 'call', 17]]);
  });

  it('does the same in the regex fallback, which shares the builder', () => {
    const extraction = regexExtract('python', 'helpers.py', PYTHON_OVERLOADS);
    expect(extraction.symbols.map((symbol) => symbol.key)).toContain('helpers.py::stream_with_context');
    expect(symbolNamed(extraction, 'stream_with_context').startLine).toBe(14);
  });

  it('names what a `declare module` string declares as written (regression: index.ts::../...ContextVariableMap)', () => {
    const source = "import type { Vars } from './vars'\n\ndeclare module '../..' {\n  interface ContextVariableMap extends Vars {}\n}\n\ndeclare namespace Geometry {\n  const ORIGIN: number\n}\n";
    const extraction = extractSource('typescript', 'src/middleware/request-id/index.ts', source);
    expect(symbolRows(extraction).map((row) => row[0])).toEqual(['ContextVariableMap', 'Geometry', 'Geometry.ORIGIN']);
  });
});

describe('signature end lines', () => {
  it('runs from the first line (decorators included) to the line that opens the body', () => {
    const python = extractSource('python', 'helpers.py', PYTHON_OVERLOADS);
    expect(symbolNamed(python, 'stream_with_context').signatureEndLine).toBe(16);
    expect(symbolNamed(python, 'stream_with_context#1').signatureEndLine).toBe(7);
    expect(symbolNamed(python, 'Config.root').signatureEndLine).toBe(22);
  });

  it('takes every line of a multi-line TypeScript header, comments inside it included', () => {
    const source = [
      'export class Context<',
      '  // eslint-disable-next-line @typescript-eslint/no-explicit-any',
      '  E extends Env = any,',
      '  P extends string = any, // a comment',
      '> {',
      '  get(key: string): unknown {',
      '    return this.vars[key]',
      '  }',
      '}',
      'type Short = string',
      '',
    ].join('\n');
    const extraction = extractSource('typescript', 'context.ts', source);
    expect(symbolNamed(extraction, 'Context').signatureEndLine).toBe(5);
    expect(symbolNamed(extraction, 'Context.get').signatureEndLine).toBe(6);
    expect(symbolNamed(extraction, 'Short').signatureEndLine).toBe(10);
  });

  it('takes multi-line parameter lists, and an opening brace on a line of its own (Go, Rust, Java)', () => {
    const go = extractSource('go', 'a.go', 'package a\n\nfunc Run(\n\tctx Context,\n) error {\n\treturn nil\n}\n');
    expect(symbolNamed(go, 'Run').signatureEndLine).toBe(5);
    const rust = extractSource('rust', 'a.rs', 'pub fn run(\n    ctx: &Context,\n) -> Result<()> {\n    Ok(())\n}\n');
    expect(symbolNamed(rust, 'run').signatureEndLine).toBe(3);
    const java = extractSource('java', 'A.java', 'public class A {\n  public void run(\n      int a)\n  {\n  }\n}\n');
    expect(symbolNamed(java, 'A.run').signatureEndLine).toBe(4);
  });
});
