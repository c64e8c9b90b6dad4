// Index generations published through PostgreSQL: what a replica checks out is byte for
// byte what was published; one index run per repository holds the lock, across processes,
// and a dead holder's lock is freed; a publisher killed with SIGKILL mid-upload leaves
// nothing a reader can see, and the next publisher clears what it left.

import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/core/errors.js';
import type { IndexGenerations } from '../../src/store/generations.js';
import { CHUNK_BYTES } from '../../src/store/postgres/generation-transfer.js';
import { CATALOG_SCHEMA, openPgIndexGenerations } from '../../src/store/postgres/index-generations.js';
import { asSuperuser, freshSchema, pgUrl } from '../support/postgres.js';

const PUBLISHER = fileURLToPath(new URL('./publisher.mjs', import.meta.url));
const url = pgUrl();

function sha(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function catalog(sql: string, params: unknown[] = []): unknown[][] {
  return asSuperuser(url!, CATALOG_SCHEMA, { sql, params })[0] as unknown[][];
}

function startPublisher(repository: string, mode: 'publish' | 'hold', file = ''): { child: ChildProcess; output: Promise<string>; saw(text: string): Promise<void> } {
  const child = spawn(process.execPath, [PUBLISHER, url!, repository, mode, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters) if (out.includes(w.text)) w.resolve();
  });
  const output = new Promise<string>((resolve) => child.on('close', () => resolve(out.trim())));
  return { child, output, saw: (text) => new Promise((resolve) => (out.includes(text) ? resolve() : waiters.push({ text, resolve }))) };
}

describe.skipIf(url === null)('postgres: index generations', () => {
  let generations: IndexGenerations;
  let work: string;
  const file = (name: string, data: Buffer): string => {
    const path = join(work, name);
    writeFileSync(path, data);
    return path;
  };

  beforeAll(() => {
    generations = openPgIndexGenerations(url!);
  });
  afterAll(() => generations.close());
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'cairn-gen-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('publishes a generation and checks it out byte for byte into a fresh cache, once', () => {
    const repository = `test/${freshSchema('repo')}`;
    expect(generations.latest(repository)).toBeNull();
    expect(generations.checkout(repository, join(work, 'cache'))).toBeNull();
    const data = randomBytes(CHUNK_BYTES * 2 + 12_345); // three chunks, the last one short
    const lock = generations.tryLock(repository)!;
    const info = generations.publish(lock, [{ name: 'index.db', path: file('index.db', data) }], { gitHead: 'head1' });
    lock.release();
    expect(info).toMatchObject({ repository, generation: 1, gitHead: 'head1', files: [{ name: 'index.db', sha256: sha(data), bytes: data.length }] });
    const first = generations.checkout(repository, join(work, 'cache'))!;
    expect(readFileSync(join(first.dir, 'index.db')).equals(data)).toBe(true);
    expect(first.info).toEqual(info);
    // Cached: the same folder, nothing downloaded again (a chunk damaged now would not be read).
    catalog("UPDATE generation_chunks SET data = 'x' WHERE repository = $1", [repository]);
    expect(generations.checkout(repository, join(work, 'cache'))!.dir).toBe(first.dir);
    expect(generations.repositories()).toContain(repository);
  });

  it('a damaged chunk is INDEX_CORRUPT and leaves no folder behind', () => {
    const repository = `test/${freshSchema('repo')}`;
    const lock = generations.tryLock(repository)!;
    generations.publish(lock, [{ name: 'index.db', path: file('index.db', randomBytes(1000)) }], { gitHead: null });
    lock.release();
    catalog("UPDATE generation_chunks SET data = 'not what was published' WHERE repository = $1", [repository]);
    const cache = join(work, 'cache');
    let error: unknown;
    try {
      generations.checkout(repository, cache);
    } catch (caught) {
      error = caught;
    }
    expect(isCairnError(error) && error.code).toBe('INDEX_CORRUPT');
    expect(readdirSync(join(cache, 'test')).flatMap((d) => readdirSync(join(cache, 'test', d)))).toEqual([]);
  });

  it('one index run per repository: a second lock is refused until the first is released or its holder dies', async () => {
    const repository = `test/${freshSchema('repo')}`;
    const holder = startPublisher(repository, 'hold');
    await holder.saw('locked');
    expect(generations.tryLock(repository)).toBeNull();
    const rival = startPublisher(repository, 'publish', file('index.db', randomBytes(10)));
    expect(await rival.output).toBe('busy');
    expect(generations.tryLock(`${repository}-other`)?.release()).toBeUndefined(); // other repositories are free
    holder.child.kill('SIGKILL');
    await holder.output;
    // The server notices the dead client's connection and frees its lock.
    let lock = generations.tryLock(repository);
    for (let i = 0; lock === null && i < 100; i++) {
      await sleep(50);
      lock = generations.tryLock(repository);
    }
    expect(lock).not.toBeNull();
    lock!.release();
  }, 30_000);

  it('publishing without holding the lock is refused', () => {
    const repository = `test/${freshSchema('repo')}`;
    const lock = generations.tryLock(repository)!;
    lock.release();
    expect(() => generations.publish(lock, [{ name: 'index.db', path: file('index.db', randomBytes(10)) }], { gitHead: null })).toThrow(
      expect.objectContaining({ code: 'INDEX_BUSY' }),
    );
    expect(generations.latest(repository)).toBeNull();
  });

  it('kill -9 of a publisher mid-upload: readers keep the previous generation, the next publisher clears the rest', async () => {
    const repository = `test/${freshSchema('repo')}`;
    const before = randomBytes(1000);
    const lock = generations.tryLock(repository)!;
    generations.publish(lock, [{ name: 'index.db', path: file('before.db', before) }], { gitHead: 'before' });
    lock.release();
    const big = file('big.db', randomBytes(CHUNK_BYTES * 24));
    const publisher = startPublisher(repository, 'publish', big);
    // Killed once some chunks of generation 2 are in and before it is published.
    for (let i = 0; i < 400; i++) {
      const chunks = Number(catalog('SELECT count(*) FROM generation_chunks WHERE repository = $1 AND generation = 2', [repository])[0]![0]);
      if (chunks >= 2) break;
      await sleep(25);
    }
    publisher.child.kill('SIGKILL');
    expect(await publisher.output).not.toContain('published');
    expect(catalog('SELECT state FROM generations WHERE repository = $1 ORDER BY generation', [repository])).toEqual([['published'], ['uploading']]);
    expect(generations.latest(repository)).toMatchObject({ generation: 1, gitHead: 'before' });
    const seen = generations.checkout(repository, join(work, 'cache'))!;
    expect(readFileSync(join(seen.dir, 'index.db')).equals(before)).toBe(true);
    // The next run (once the dead one's lock is freed) removes the upload and publishes generation 3:
    // never the dead upload's number, which a chunk still in flight from it may name.
    let next = generations.tryLock(repository);
    for (let i = 0; next === null && i < 100; i++) {
      await sleep(50);
      next = generations.tryLock(repository);
    }
    const after = randomBytes(2000);
    const info = generations.publish(next!, [{ name: 'index.db', path: file('after.db', after) }], { gitHead: 'after' });
    next!.release();
    expect(info.generation).toBe(3);
    expect(catalog('SELECT generation, state FROM generations WHERE repository = $1 ORDER BY generation', [repository])).toEqual([[1, 'published'], [3, 'published']]);
    expect(Number(catalog('SELECT count(*) FROM generation_chunks WHERE repository = $1 AND generation = 3', [repository])[0]![0])).toBe(1);
    expect(Number(catalog('SELECT count(*) FROM generation_chunks WHERE repository = $1 AND generation = 2', [repository])[0]![0])).toBe(0);
    expect(readFileSync(join(generations.checkout(repository, join(work, 'cache'))!.dir, 'index.db')).equals(after)).toBe(true);
    expect(existsSync(seen.dir)).toBe(true); // a replica still reading generation 1 keeps its files
  }, 60_000);
});
