import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainIndex, runIndex } from '../../app/stores.js';
import { NotFoundError, UsageError } from '../../core/errors.js';
import { indexedShop, type IndexedShop } from '../../../test/support/shop-index.js';
import { readTargetText, resolveTarget } from './target.js';
import { thrownBy } from '../../../test/support/thrown.js';

let shop: IndexedShop;
beforeAll(async () => {
  shop = await indexedShop();
});
afterAll(() => shop?.close());

describe('resolveTarget', () => {
  it('takes a repository path, with ./ or as an absolute path inside the repository', () => {
    expect(resolveTarget(shop.reader, 'shop/cart.py')).toEqual({ kind: 'file', path: 'shop/cart.py' });
    expect(resolveTarget(shop.reader, './shop/cart.py')).toEqual({ kind: 'file', path: 'shop/cart.py' });
    expect(resolveTarget(shop.reader, `${shop.repo.path}/shop/cart.py`, shop.repo.path)).toEqual({ kind: 'file', path: 'shop/cart.py' });
  });

  it('takes a symbol key, a qualified name or a bare name', () => {
    for (const input of ['shop/cart.py::Cart.total', 'Cart.total', 'total']) {
      expect(resolveTarget(shop.reader, input)).toMatchObject({ kind: 'symbol', key: 'shop/cart.py::Cart.total', path: 'shop/cart.py' });
    }
  });

  it('a name that several symbols have → a usage error listing them', async () => {
    shop.repo.write('shop/other.py', 'def total():\n    return 0\n');
    await drainIndex(runIndex(shop.context, { workers: 0 }));
    expect(shop.reader.latest()).toBe(true); // a reader reads the state it opened until it moves on
    const error = thrownBy(() => resolveTarget(shop.reader, 'total')) as UsageError;
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('"total" names 2 symbols');
    expect(error.message).toContain('shop/cart.py::Cart.total');
    expect(error.message).toContain('shop/other.py::total');
    expect(error.hint).toContain('path::Qualified.name');
    expect(resolveTarget(shop.reader, 'Cart.total')).toMatchObject({ key: 'shop/cart.py::Cart.total' });
  });

  it('unknown paths, keys and names → NotFoundError naming them, with a hint', () => {
    const path = thrownBy(() => resolveTarget(shop.reader, 'shop/nope.py')) as NotFoundError;
    expect(path).toBeInstanceOf(NotFoundError);
    expect(path.message).toBe('no file shop/nope.py in the index');
    expect(path.hint).toContain('cairn search');
    const key = thrownBy(() => resolveTarget(shop.reader, 'shop/cart.py::Cart.nope')) as NotFoundError;
    expect(key.message).toBe('no symbol Cart.nope in shop/cart.py');
    const keyInMissingFile = thrownBy(() => resolveTarget(shop.reader, 'shop/gone.py::f')) as NotFoundError;
    expect(keyInMissingFile.message).toBe('no file shop/gone.py in the index');
    const name = thrownBy(() => resolveTarget(shop.reader, 'frobnicate')) as NotFoundError;
    expect(name.message).toBe('no file or symbol named frobnicate in the index');
    expect(name.hint).toBe('look for it with `cairn search frobnicate`');
    expect(thrownBy(() => resolveTarget(shop.reader, '  '))).toBeInstanceOf(UsageError);
  });
});

describe('readTargetText', () => {
  it('reads a file, or exactly the bytes of a symbol definition', () => {
    expect(readTargetText(shop.repo.path, { kind: 'file', path: 'shop/pricing.py' })).toContain('TAX_RATE = 0.2');
    const symbol = resolveTarget(shop.reader, 'apply_discount');
    const text = readTargetText(shop.repo.path, symbol)!;
    expect(text.startsWith('def apply_discount(')).toBe(true);
    expect(text.trimEnd().endsWith('return amount * (1 - rate)')).toBe(true);
    expect(readTargetText(shop.repo.path, { kind: 'file', path: 'no/such/file.py' })).toBeNull();
  });
});
