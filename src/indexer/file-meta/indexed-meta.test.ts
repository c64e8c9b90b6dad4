// File metadata through a real index run: written with each file, read back with the tests
// that import it, and filled in for an index built before metadata existed.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture, type IndexedRepo } from '../../../test/support/retrieval-repo.js';
import { FILE_META_VERSION_META } from './file-meta.js';

describe('file metadata in an index of the shop fixture', () => {
  let repo: IndexedRepo;
  beforeAll(async () => {
    repo = await indexedFixture('shop');
  });
  afterAll(() => repo.close());

  it("holds a module's docstring, module, domain, top-level names and the tests importing it", () => {
    expect(repo.ports.reader.fileMeta('shop/cart.py')).toMatchObject({
      module: 'shop.cart',
      domain: 'shop',
      doc: 'Shopping carts and their totals.',
      language: 'python',
      tests: ['tests/test_cart.py'],
    });
    expect(repo.ports.reader.fileMeta('shop/cart.py')!.topLevel).toContain('Cart');
    expect(repo.ports.reader.fileMeta('web/src/api.ts')).toMatchObject({ module: 'web/src/api', domain: 'web', doc: null });
  });

  it('finds files by what their docstring says', () => {
    const hits = repo.ports.reader.search({ terms: ['shop', 'cart', 'total'], target: 'meta', limit: 5 });
    expect(hits[0]?.path).toBe('shop/cart.py');
  });

  it('fills in the metadata of an index built before it existed (regression: such an index kept none)', async () => {
    const indexDir = join(repo.dir.path, '.cairn');
    repo.ports.reader.close();
    const db = new Database(join(indexDir, 'index.db'));
    db.prepare('DELETE FROM file_meta').run();
    db.prepare('DELETE FROM meta WHERE key = ?').run(FILE_META_VERSION_META);
    db.close();
    await repo.reindex();
    expect(repo.ports.reader.fileMeta('shop/cart.py')?.doc).toBe('Shopping carts and their totals.');
  });
});
