import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityKey, parseEntityKey } from './entities.js';

describe('parseEntityKey', () => {
  it('splits a symbol key at its separator and keeps a bare path whole', () => {
    expect(parseEntityKey('src/a.py::Cart.total')).toEqual({ path: 'src/a.py', qualifiedName: 'Cart.total' });
    expect(parseEntityKey('src/a.py')).toEqual({ path: 'src/a.py', qualifiedName: null });
  });

  // Regression: fit.property.test.ts drew the path ":" (seed 1102487999), whose key ":::f"
  // was split into the path "" and the name ":f".
  it('gives back a path that ends in a colon', () => {
    expect(parseEntityKey(':::f')).toEqual({ path: ':', qualifiedName: 'f' });
    expect(parseEntityKey('dir/a:b:::C.m')).toEqual({ path: 'dir/a:b:', qualifiedName: 'C.m' });
  });

  it('inverts entityKey for any path without "::" and any name not starting with ":"', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((path) => !path.includes('::')),
        fc.string({ minLength: 1 }).filter((name) => !name.startsWith(':')),
        (path, qualifiedName) => {
          expect(parseEntityKey(entityKey(path, qualifiedName))).toEqual({ path, qualifiedName });
        },
      ),
    );
  });
});
