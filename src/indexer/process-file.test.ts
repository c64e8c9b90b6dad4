import { describe, expect, it } from 'vitest';
import { processFile } from './process-file.js';

function run(path: string, content: Buffer) {
  return processFile({ path, size: content.length, mtimeMs: 0, content });
}

describe('processFile', () => {
  it('cuts symbol bodies at the right bytes after a byte-order mark', () => {
    const source = 'def first():\n    return "alpha"\n\n\ndef second():\n    return "beta"\n';
    const indexed = run('bom.py', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(source)]));
    expect(indexed.symbolBodies.get('bom.py::first')).toBe('def first():\n    return "alpha"');
    expect(indexed.symbolBodies.get('bom.py::second')).toBe('def second():\n    return "beta"');
  });

  it('cuts symbol bodies at the right places after invalid UTF-8, and says the file had it', () => {
    const content = Buffer.concat([Buffer.from('X = "'), Buffer.from([0xff, 0xfe, 0xff]), Buffer.from('"\n\n\ndef after():\n    return "tail"\n')]);
    const indexed = run('broken.py', content);
    expect(indexed.file.parseNote).toContain('invalid UTF-8 replaced');
    expect(indexed.symbolBodies.get('broken.py::after')).toBe('def after():\n    return "tail"');
  });

  it('indexes a class body without its methods, which are indexed on their own', () => {
    const source = 'class Cart:\n    """A cart."""\n    limit = 3\n\n    def total(self):\n        return 1\n';
    const indexed = run('cart.py', Buffer.from(source));
    expect(indexed.symbolBodies.get('cart.py::Cart.total')).toBe('def total(self):\n        return 1');
    const classBody = indexed.symbolBodies.get('cart.py::Cart')!;
    expect(classBody).toContain('limit = 3');
    expect(classBody).not.toContain('return 1');
  });

  it('marks binary files and keeps no text for them', () => {
    const indexed = run('blob.bin', Buffer.from([1, 2, 0, 3]));
    expect(indexed.file).toMatchObject({ method: 'none', parseNote: 'binary', kind: 'other' });
    expect(indexed.text).toBeNull();
  });

  it('falls back to regex extraction for languages without a grammar', () => {
    const indexed = run('lib.rb', Buffer.from('class Greeter\n  def hello\n    "hi"\n  end\nend\n'));
    expect(indexed.file.method).toBe('regex');
    expect(indexed.symbols.map((s) => s.qualifiedName)).toContain('Greeter');
  });
});
