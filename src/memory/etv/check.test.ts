// ETV: verdicts against the disk, the cache (hits and misses counted, TTL, the file's stamp),
// a fast-changing file on a coarse-clock file system (failure mode: a stale answer served
// after an edit), and two different texts under one recorded hash (failure mode 5: the
// byte check finds them different).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryFiles, type MemoryRepo } from '../../../test/support/memory-repo.js';
import type { FileProbe } from '../ports.js';
import { freshnessGate } from '../states/gates.js';
import { sha256Text } from '../vault.js';
import { checkEtv, RACY_MARGIN_MS } from './check.js';

const open: MemoryRepo[] = [];
afterEach(() => {
  for (const repo of open.splice(0)) repo.close();
});

const SOURCE = 'def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n';
const ALPHA = 'def alpha():\n    return 1';

async function repo(overrides: Parameters<typeof memoryFiles>[1] = {}): Promise<MemoryRepo> {
  const m = await memoryFiles({ 'm.py': SOURCE, 'other.py': 'x = 1\n' }, overrides);
  open.push(m);
  return m;
}

/** Stores an artifact as a hydration would, and asks ETV about it. */
function check(m: MemoryRepo, entityKey: string, text: string) {
  const hash = (m.ports.hash ?? sha256Text)(text);
  m.ports.store.putArtifacts(new Map([[hash, text]]));
  return checkEtv(m.ports, [{ entityKey, artifactHash: hash }]).statuses[0]!;
}

describe('ETV', () => {
  it('compares the entity text on disk now with the artifact: fresh, stale, gone', async () => {
    const m = await repo();
    expect(check(m, 'm.py::alpha', ALPHA)).toMatchObject({ isStale: false, diskExists: true, diskHash: sha256Text(ALPHA), cacheHit: false });
    expect(check(m, 'm.py::alpha', 'def alpha():\n    return 0')).toMatchObject({ isStale: true, diskExists: true, diskHash: sha256Text(ALPHA) });
    expect(check(m, 'm.py::gamma', 'def gamma(): pass\n')).toMatchObject({ isStale: true, diskExists: false, diskHash: null });
    expect(check(m, 'm.py', SOURCE)).toMatchObject({ isStale: false, diskExists: true });
    expect(check(m, 'gone.py', 'x')).toMatchObject({ isStale: true, diskExists: false });
  });

  it('re-extracts a file that changed since the index was built, so the definition is found where it is now', async () => {
    const m = await repo();
    writeFileSync(join(m.repo.dir.path, 'm.py'), `# a new first line\n${SOURCE}`);
    expect(check(m, 'm.py::beta', 'def beta():\n    return 2')).toMatchObject({ isStale: false });
  });

  it('serves a verdict from the cache while the file is unchanged, counting hits and misses', async () => {
    let now = Date.now() + 10 * RACY_MARGIN_MS; // the fixture files are old by then
    const m = await repo({ now: () => now });
    const first = check(m, 'm.py::alpha', ALPHA);
    expect(first.cacheHit).toBe(false);
    now += 1_000;
    const second = check(m, 'm.py::alpha', ALPHA);
    expect(second).toMatchObject({ cacheHit: true, isStale: false, lastCheck: first.lastCheck });
    expect(m.ports.store.counters()).toEqual({ etvHits: 1, etvMisses: 1 });
    // An edit changes the file's stamp: the cache is not asked.
    writeFileSync(join(m.repo.dir.path, 'm.py'), SOURCE.replace('return 1', 'return 9'));
    now += RACY_MARGIN_MS * 10;
    expect(check(m, 'm.py::alpha', ALPHA)).toMatchObject({ cacheHit: false, isStale: true });
    expect(m.ports.store.counters()).toEqual({ etvHits: 1, etvMisses: 2 });
  });

  it('checks the disk again once the TTL has passed', async () => {
    let now = Date.now() + 10 * RACY_MARGIN_MS;
    const m = await repo({ now: () => now, settings: { etvTtlMs: 5_000, implicitAuthority: false, maxTokens: 8_000, maxEntities: 40 } });
    check(m, 'm.py::alpha', ALPHA);
    now += 4_999;
    expect(check(m, 'm.py::alpha', ALPHA).cacheHit).toBe(true);
    now += 1;
    expect(check(m, 'm.py::alpha', ALPHA).cacheHit).toBe(false);
  });

  it('a fast-changing file on a file system with a coarse clock: an edit in the same tick is never answered from the cache', async () => {
    // A file system whose timestamps have whole-second resolution and whose inode never
    // changes: two writes of the same size within one second leave the stamp as it was.
    const texts = new Map<string, string>([['m.py', SOURCE]]);
    let now = 1_700_000_000_300;
    const coarse = (): { stamp: string; changedAt: number } => ({ stamp: `${texts.get('m.py')!.length}:1700000000`, changedAt: 1_700_000_000_000 });
    const files: FileProbe = {
      stat: (path) => (texts.has(path) ? coarse() : null),
      read: (path) => (texts.has(path) ? { bytes: Buffer.from(texts.get(path)!), stamp: coarse(), stable: true } : null),
    };
    const m = await repo({ files, now: () => now });
    expect(check(m, 'm.py::alpha', ALPHA)).toMatchObject({ isStale: false, cacheHit: false });
    texts.set('m.py', SOURCE.replace('return 1', 'return 7')); // same size, same second
    now += 200;
    expect(check(m, 'm.py::alpha', ALPHA)).toMatchObject({ isStale: true, cacheHit: false });
    // Once the verdict is older than the clock's coarseness, an unchanged stamp is trusted.
    texts.set('m.py', SOURCE);
    now += 10 * RACY_MARGIN_MS;
    expect(check(m, 'm.py::alpha', ALPHA)).toMatchObject({ isStale: false, cacheHit: false });
    now += 1_000;
    expect(check(m, 'm.py::alpha', ALPHA)).toMatchObject({ isStale: false, cacheHit: true });
  });

  it('two different texts under the same recorded hash are found stale by the byte check', async () => {
    // A hash that collides for every pair of texts of the same length.
    const weak = (text: string): string => text.length.toString(16).padStart(64, '0');
    const m = await repo({ hash: weak });
    const forged = 'def alpha():\n    return 8'; // not what is on disk, same length
    const status = check(m, 'm.py::alpha', forged);
    expect(status.diskHash).toBe(status.artifactHash);
    expect(status.isStale).toBe(true);
    expect(freshnessGate(status)).toMatchObject({ passed: false, reason: expect.stringMatching(/^same hash, different bytes on disk/) });
    expect(check(m, 'm.py::beta', 'def beta():\n    return 2').isStale).toBe(false);
  });

  it('does not cache a text read while its file was changing', async () => {
    let now = Date.now() + 10 * RACY_MARGIN_MS;
    const base = (await repo()).ports.files;
    const m = await repo({ now: () => now, files: { stat: base.stat, read: (path) => ({ ...base.read(path)!, stable: false }) } });
    check(m, 'm.py::alpha', ALPHA);
    now += 1_000;
    expect(check(m, 'm.py::alpha', ALPHA).cacheHit).toBe(false);
  });
});
