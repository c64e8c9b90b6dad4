// A fresh replica answers from a published generation exactly as the indexer's own index
// does: the shop fixture is indexed, snapshotted (VACUUM INTO), published through
// PostgreSQL, checked out into an empty cache folder and opened with the SQLite reader.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPublishedReader } from '../../src/app/published-index.js';
import { searchAcrossRepositories } from '../../src/search/across-repositories.js';
import { searchIndex } from '../../src/search/text-search.js';
import { openPgIndexGenerations } from '../../src/store/postgres/index-generations.js';
import { snapshotSqliteIndex } from '../../src/store/sqlite/index-snapshot.js';
import { openSqliteCuratedReader } from '../../src/store/sqlite/open-curated.js';
import { asSuperuser, freshSchema, pgUrl } from '../support/postgres.js';
import { indexedShop, type IndexedShop } from '../support/shop-index.js';

const url = pgUrl();

describe.skipIf(url === null)('postgres: a replica opens a published generation', () => {
  let shop: IndexedShop;
  let work: string;
  beforeAll(async () => {
    shop = await indexedShop();
    work = mkdtempSync(join(tmpdir(), 'cairn-replica-'));
  }, 60_000);
  afterAll(() => {
    shop.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers searches and graph reads as the indexer does', () => {
    const snapshot = join(work, 'snapshot.db');
    snapshotSqliteIndex(shop.context.indexDir, snapshot);
    expect(() => snapshotSqliteIndex(shop.context.indexDir, snapshot)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
    const generations = openPgIndexGenerations(url!);
    const repository = `test/${freshSchema('shop')}`;
    try {
      const lock = generations.tryLock(repository)!;
      generations.publish(lock, [{ name: 'index.db', path: snapshot }], { gitHead: shop.reader.stats().gitHead ?? null });
      lock.release();
      const checkout = generations.checkout(repository, join(work, 'cache'))!;
      const replica = openSqliteCuratedReader(checkout.dir);
      try {
        const query = { terms: ['cart', 'total', 'discount'], target: 'symbol' as const, limit: 20 };
        expect(replica.search(query)).toEqual(shop.reader.search(query));
        expect(replica.stats()).toEqual(shop.reader.stats());
        const path = shop.reader.filePaths()[0]!;
        expect(replica.symbolsOfFile(path)).toEqual(shop.reader.symbolsOfFile(path));
        expect(replica.importedBy(path)).toEqual(shop.reader.importedBy(path));
      } finally {
        replica.close();
      }
    } finally {
      generations.close();
    }
  });

  it("keeps one connection for a replica's looks for a newer generation (it opened one per look, about one a second)", async () => {
    const snapshot = join(work, 'probe.db');
    snapshotSqliteIndex(shop.context.indexDir, snapshot);
    const repository = `test/${freshSchema('probe')}`;
    const generations = openPgIndexGenerations(url!);
    try {
      const lock = generations.tryLock(repository)!;
      generations.publish(lock, [{ name: 'index.db', path: snapshot }], { gitHead: null });
      lock.release();
    } finally {
      generations.close();
    }
    // Sessions established to the database so far, as the server counts them (flushed when a session ends).
    const sessions = (): number => {
      const [rows] = asSuperuser(url!, 'public', { sql: 'SELECT sessions FROM pg_stat_database WHERE datname = current_database()' }) as unknown[][][];
      return Number(rows![0]![0]);
    };
    const reader = openPublishedReader({ adapter: 'postgres', url: url!, repository, from: '--store' }, join(work, 'probe-index'));
    const before = sessions();
    for (let look = 0; look < 10; look++) expect(reader.latest()).toBe(false);
    reader.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The counting sessions themselves (one before, one now) and the reader's own, at most.
    expect(sessions() - before).toBeLessThanOrEqual(2);
  });

  it('searches every published repository at once, each hit named with its repository', () => {
    const snapshot = join(work, 'cross.db');
    snapshotSqliteIndex(shop.context.indexDir, snapshot);
    const generations = openPgIndexGenerations(url!);
    const prefix = `test/${freshSchema('cross')}`;
    const readers = [];
    try {
      for (const name of ['a', 'b']) {
        const lock = generations.tryLock(`${prefix}/${name}`)!;
        generations.publish(lock, [{ name: 'index.db', path: snapshot }], { gitHead: null });
        lock.release();
      }
      const repositories = generations.repositories().filter((r) => r.startsWith(prefix));
      expect(repositories).toEqual([`${prefix}/a`, `${prefix}/b`]);
      for (const repository of repositories) {
        readers.push({ repository, reader: openSqliteCuratedReader(generations.checkout(repository, join(work, 'cache'))!.dir) });
      }
      const single = searchIndex(shop.reader, { query: 'cart total', limit: 3 }).results;
      const across = searchAcrossRepositories(readers, { query: 'cart total', limit: 6 }).results;
      // The same index twice: each hit once per repository, best first, ties by repository.
      expect(across.map((r) => [r.repository, r.path, r.score])).toEqual(
        single.flatMap((r) => [[`${prefix}/a`, r.path, r.score], [`${prefix}/b`, r.path, r.score]]),
      );
    } finally {
      for (const { reader } of readers) reader.close();
      generations.close();
    }
  });
});
