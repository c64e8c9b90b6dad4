import { describe, expect, it } from 'vitest';
import { bytesOf, extractSource, importRows, readFixture, referenceRows, symbolNamed, symbolRows } from './test-support.fixture.js';

const path = 'pkg/widgets.py';
const source = readFixture('widgets.py');
const extraction = extractSource('python', path, source);

describe('python extraction', () => {
  it('finds every definition with nesting, kinds, export flags and lines', () => {
    expect(extraction.method).toBe('ast');
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['MAX_SIZE', 'constant', null, true, 11, 11],
      ['DEFAULTS', 'constant', null, true, 12, 12],
      ['counter', 'constant', null, true, 14, 14],
      ['Widget', 'class', null, true, 17, 41],
      ['Widget.__init__', 'method', 'Widget', false, 27, 29],
      ['Widget.label', 'method', 'Widget', true, 31, 33],
      ['Widget.label#2', 'method', 'Widget', true, 35, 38],
      ['Widget.Meta', 'class', 'Widget', true, 40, 41],
      ['build', 'function', null, true, 44, 48],
      ['build.inner', 'function', 'build', true, 45, 46],
      ['_private', 'function', null, false, 51, 52],
      ['build#2', 'function', null, true, 55, 56],
      ['Alias', 'type', null, true, 59, 59],
    ]);
    const widget = symbolNamed(extraction, 'Widget');
    expect(widget.key).toBe('pkg/widgets.py::Widget');
    expect(symbolNamed(extraction, 'Widget.label#2').qualifiedName).toBe('Widget.label');
    expect(symbolNamed(extraction, 'build#2').key).toBe('pkg/widgets.py::build#2');
  });

  it('includes decorators in signature and range, stops the signature at the colon', () => {
    const widget = symbolNamed(extraction, 'Widget');
    expect(widget.signature).toBe('@dataclass @register.plugin("x") class Widget(Base, mixins.Loggable, metaclass=Meta):');
    expect(symbolNamed(extraction, 'Widget.label#2').signature).toBe(
      '@label.setter def label(self, value: Optional[models.Label]) -> None:',
    );
    expect(symbolNamed(extraction, '_private').signature).toBe('async def _private():');
    expect(symbolNamed(extraction, 'MAX_SIZE').signature).toBe('MAX_SIZE: int = 10');
  });

  it('reads docstrings dedented and falls back to the leading comment', () => {
    expect(symbolNamed(extraction, 'Widget').doc).toBe('A widget.\n\nLonger description.');
    expect(symbolNamed(extraction, 'MAX_SIZE').doc).toBe('Maximum size, é 日本 😀.');
    expect(symbolNamed(extraction, 'Widget.label#2').doc).toBeNull();
    expect(symbolNamed(extraction, 'build').doc).toBeNull();
  });

  it('stores UTF-8 byte offsets after non-ASCII text', () => {
    const maxSize = symbolNamed(extraction, 'MAX_SIZE');
    expect(bytesOf(source, maxSize)).toBe('MAX_SIZE: int = 10');
    expect(maxSize.startByte).toBe(Buffer.byteLength(source.slice(0, source.indexOf('MAX_SIZE'))));
    const widget = bytesOf(source, symbolNamed(extraction, 'Widget'));
    expect(widget.startsWith('@dataclass\n@register.plugin("x")\nclass Widget(')).toBe(true);
    expect(widget.endsWith('ordering = ["name"]')).toBe(true);
    expect(bytesOf(source, symbolNamed(extraction, 'build#2'))).toBe('def build(x):\n    print(len(x))');
  });

  it('records imports as written, relative dots and dynamic import_module included', () => {
    expect(importRows(extraction)).toEqual([
      ['os.path', [], 4, 'static'],
      ['numpy', [], 5, 'static'],
      ['json', [], 5, 'static'],
      ['..core', ['base', 'helpers'], 6, 'static'],
      ['.', ['sibling'], 7, 'static'],
      ['.models', ['*'], 8, 'static'],
      ['plugins.extra', [], 47, 'dynamic'],
    ]);
    expect(extraction.imports.every((i) => i.fromPath === path && i.toPaths.length === 0)).toBe(true);
  });

  it('records calls, decorators, annotations, forward references and bases, skipping builtins', () => {
    expect(referenceRows(extraction)).toEqual([
      ['DEFAULTS', 'make_default', null, 'call', 12],
      ['Widget', 'Base', null, 'inherit', 19],
      ['Widget', 'Loggable', 'mixins', 'inherit', 19],
      ['Widget', 'Meta', null, 'inherit', 19],
      ['Widget', 'dataclass', null, 'call', 17],
      ['Widget', 'plugin', 'register', 'call', 18],
      ['Widget.__init__', '__init__', 'super()', 'call', 29],
      ['Widget.label', 'Label', null, 'type', 32],
      ['Widget.label', 'strip', 'self.render()', 'call', 33],
      ['Widget.label', 'render', 'self', 'call', 33],
      ['Widget.label#2', 'setter', 'label', 'call', 35],
      ['Widget.label#2', 'Label', 'models', 'type', 36],
      ['Widget.label#2', 'clean', 'helpers', 'call', 38],
      ['build', 'Widget', null, 'type', 44],
      ['build.inner', 'array', 'np', 'call', 46],
      ['build', 'import_module', 'importlib', 'call', 47],
      ['build', 'factory', null, 'call', 48],
      ['build', 'inner', null, 'call', 48],
      ['_private', 'build', null, 'call', 52],
      ['Alias', 'Widget', null, 'type', 59],
    ]);
  });

  it('keeps module-level references on the file and deduplicates repeats', () => {
    const result = extractSource('python', 'm.py', 'setup()\nsetup()\n\ndef f():\n    g()\n    g()\n');
    expect(referenceRows(result)).toEqual([
      ['<file>', 'setup', null, 'call', 1],
      ['f', 'g', null, 'call', 5],
    ]);
    expect(result.references[0]?.fromKey).toBe('m.py');
  });

  it('does not read Literal[...] strings as forward references', () => {
    const result = extractSource('python', 'm.py', 'def f(mode: Literal["Fast"], other: "pkg.Model") -> None:\n    pass\n');
    expect(referenceRows(result)).toEqual([['f', 'Model', 'pkg', 'type', 1]]);
  });

  it('extracts around syntax errors and says so', () => {
    const result = extractSource('python', 'm.py', 'def ok():\n    pass\n\nx = = 2\n\nclass After:\n    pass\n');
    expect(result.parseNote).toBe('1 syntax error region');
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(['ok', 'After']);
    const repaired = extractSource('python', 'm.py', 'def broken(:\n    pass\n');
    expect(repaired.parseNote).toBe('missing tokens inserted by the parser');
  });

  it('renders receivers that are not plain names', () => {
    const source = 'def t():\n    rows[0].save()\n    ", ".join(x)\n    (a\n        .b).c()\n';
    expect(referenceRows(extractSource('python', 't.py', source))).toEqual([
      ['t', 'save', 'rows[]', 'call', 2],
      ['t', 'join', '?', 'call', 3],
      ['t', 'c', '?', 'call', 5],
    ]);
  });
});
