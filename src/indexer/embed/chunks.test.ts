import { describe, expect, it } from 'vitest';
import type { SymbolRecord } from '../../core/entities.js';
import { chunkHash, chunkText, symbolChunks, truncate, vectorModelId } from './chunks.js';

function symbol(source: string, over: Partial<SymbolRecord> & Pick<SymbolRecord, 'qualifiedName'>, text: string): SymbolRecord {
  const startByte = Buffer.byteLength(source.slice(0, source.indexOf(text)));
  return {
    key: `m.py::${over.qualifiedName}`,
    path: 'm.py',
    name: over.qualifiedName.split('.').at(-1)!,
    kind: 'function',
    signature: '',
    doc: null,
    startByte,
    endByte: startByte + Buffer.byteLength(text),
    startLine: 1,
    endLine: 1,
    signatureEndLine: 1,
    parent: null,
    exported: true,
    method: 'ast',
    ...over,
  };
}

describe('symbol chunks', () => {
  it('keeps a docstring and signature that are inside the body once, and adds a leading comment', () => {
    const body = 'def pay(x):\n    """Pays x."""\n    return x';
    expect(chunkText({ doc: 'Pays x.', signature: 'def pay(x):' }, body)).toBe(body);
    expect(chunkText({ doc: 'Adds two numbers.\nSecond line.', signature: 'function add(a, b)' }, 'function add(a, b) { return a + b; }')).toBe(
      'Adds two numbers.\nSecond line.\nfunction add(a, b) { return a + b; }',
    );
    expect(chunkText({ doc: null, signature: 'fn f()' }, '{ 1 }')).toBe('fn f()\n{ 1 }');
  });

  it('gives a class its own text without its methods, and each method its own', () => {
    const source = 'class Cart:\n    size = 1\n    def total(self):\n        return 0\n';
    const cls = symbol(source, { qualifiedName: 'Cart', kind: 'class', signature: 'class Cart:' }, source.trimEnd());
    const method = symbol(source, { qualifiedName: 'Cart.total', parent: 'Cart', signature: 'def total(self):' }, 'def total(self):\n        return 0');
    const chunks = symbolChunks(Buffer.from(source), [cls, method], 'ollama:m', 1000);
    expect(chunks.map((chunk) => chunk.key)).toEqual(['m.py::Cart', 'm.py::Cart.total']);
    expect(chunks[0]!.text).not.toContain('return 0');
    expect(chunks[0]!.text).toContain('size = 1');
    expect(chunks[1]!.text).toBe('def total(self):\n        return 0');
  });

  it('hashes model and text only: the same text in another file hits the same cache entry', () => {
    const source = 'def f():\n    return 1';
    const a = symbolChunks(Buffer.from(source), [symbol(source, { qualifiedName: 'f' }, source)], 'ollama:m', 100)[0]!;
    const b = symbolChunks(Buffer.from(source), [{ ...symbol(source, { qualifiedName: 'f' }, source), key: 'other.py::f', path: 'other.py' }], 'ollama:m', 100)[0]!;
    expect(a.contentHash).toBe(b.contentHash);
    expect(a.contentHash).toBe(chunkHash('ollama:m', source));
    expect(chunkHash('openai:m', source)).not.toBe(a.contentHash);
    expect(vectorModelId({ provider: 'openai', model: 'm' })).toBe('openai:m');
  });

  it('cuts chunks to the input limit before hashing, never inside a surrogate pair', () => {
    const source = `def f():\n    return "${'x'.repeat(50)}"`;
    const [chunk] = symbolChunks(Buffer.from(source), [symbol(source, { qualifiedName: 'f' }, source)], 'ollama:m', 20);
    expect(chunk!.text).toBe(source.slice(0, 20));
    expect(chunk!.contentHash).toBe(chunkHash('ollama:m', source.slice(0, 20)));
    expect(truncate('ab😀c', 3)).toBe('ab');
    expect(truncate('ab😀c', 4)).toBe('ab😀');
  });
});
