// Entity states through hydrations, approvals and rejections: gate A fails for a file
// tree-sitter could not parse (the regex fallback), invariant 3 (a stale entity is never
// promoted), invariant 4 (an authoritative entity takes a new artifact only under a new
// hash; the same hash is refused with a typed error), the ledger of every transition.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtractionError } from '../../indexer/languages/errors.js';
import { TreeSitterExtractor } from '../../indexer/languages/tree-extractor.js';
import { memoryFixture, type MemoryRepo } from '../../../test/support/memory-repo.js';
import { hydrate } from '../hydrate/hydrate.js';
import { approve, reject } from './lifecycle.js';

const open: MemoryRepo[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const repo of open.splice(0)) repo.close();
});

const TOTAL = 'shop/cart.py::Cart.total';
const SETTINGS = { etvTtlMs: 60_000, maxTokens: 8_000, maxEntities: 40 };

async function shop(implicitAuthority = false): Promise<MemoryRepo> {
  const m = await memoryFixture('shop', { settings: { ...SETTINGS, implicitAuthority } });
  open.push(m);
  return m;
}

function editTotal(m: MemoryRepo, digits: number): void {
  const file = join(m.repo.dir.path, 'shop/cart.py');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/TAX_RATE\), \d\)/, `TAX_RATE), ${digits})`));
}

describe('entity states and gates', () => {
  it('proposes what a hydration shows and holds it at gate B until approved; approval promotes it', async () => {
    const m = await shop();
    const result = await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e1', maxEntities: 1 });
    expect(result.evaluations).toHaveLength(1);
    expect(result.evaluations[0]).toMatchObject({ entityKey: TOTAL, episodeId: 'e1', decision: 'held', structural: { passed: true }, authority: { passed: false }, fresh: { passed: true } });
    expect(m.ports.store.currentVersion(TOTAL)).toMatchObject({ state: 'PROPOSED', version: 1 });
    expect(m.lines).toContainEqual({ level: 'info', line: `gates ${TOTAL}: A pass · B fail · C pass → held` });
    const approved = approve(m.ports, TOTAL);
    expect(approved).toMatchObject({ decision: 'promoted', episodeId: null, authority: { passed: true, reason: expect.stringMatching(/^approved at /) } });
    expect(m.ports.store.currentVersion(TOTAL)?.state).toBe('AUTHORITATIVE');
    expect(m.ports.store.ledger(TOTAL).map((entry) => [entry.from, entry.to])).toEqual([[null, 'PROPOSED'], ['PROPOSED', 'AUTHORITATIVE']]);
  });

  it('gate A fails for a file tree-sitter could not parse: its entities come from the regex fallback', async () => {
    const parse = TreeSitterExtractor.prototype.extract;
    vi.spyOn(TreeSitterExtractor.prototype, 'extract').mockImplementation(function (this: TreeSitterExtractor, path: string, source: string) {
      if (path === 'shop/cart.py') throw new ExtractionError(path, 'python parser failed on shop/cart.py: simulated');
      return parse.call(this, path, source);
    });
    const m = await shop(true);
    expect(m.ports.reader.file('shop/cart.py')).toMatchObject({ method: 'regex', parseNote: expect.stringContaining('tree-sitter failed, regex fallback') });
    const result = await hydrate(m.ports, { query: '`Cart.total` and `apply_discount`', conversationId: 'c', episodeId: 'e1', maxEntities: 2 });
    expect(result.hydration.blocks.map((block) => [block.entityKey, block.reason, block.method])).toEqual([
      [TOTAL, 'regex_resolved', 'regex'],
      ['shop/pricing.py::apply_discount', 'ast_resolved', 'ast'],
    ]);
    const [regex, ast] = result.evaluations;
    expect(regex).toMatchObject({ decision: 'held', structural: { passed: false, reason: expect.stringContaining('regex extractor') }, authority: { passed: true }, fresh: { passed: true } });
    expect(ast).toMatchObject({ decision: 'promoted' });
    expect(approve(m.ports, TOTAL).decision).toBe('held');
    expect(m.ports.store.currentVersion(TOTAL)?.state).toBe('PROPOSED');
  });

  it('invariant 3: a stale entity is never promoted, approval or not', async () => {
    const m = await shop();
    await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e1', maxEntities: 1 });
    editTotal(m, 5);
    const evaluation = approve(m.ports, TOTAL);
    expect(evaluation).toMatchObject({ decision: 'held', authority: { passed: true }, fresh: { passed: false, reason: expect.stringMatching(/^changed on disk/) } });
    expect(m.ports.store.currentVersion(TOTAL)?.state).toBe('PROPOSED');
    // With implicit authority too: the gates of the next hydration promote the text on disk, not the stale one.
    const implicit = { ...m.ports, settings: { ...SETTINGS, implicitAuthority: true } };
    const next = await hydrate(implicit, { query: 'go on', conversationId: 'c', episodeId: 'e2', maxEntities: 1 });
    expect(next.hydration.blocks[0]).toMatchObject({ status: 'changed' });
    expect(m.ports.store.versions(TOTAL).map((v) => [v.version, v.state])).toEqual([[1, 'SUPERSEDED'], [2, 'AUTHORITATIVE']]);
    for (const e of m.ports.store.evaluationsOf(TOTAL)) if (e.decision === 'promoted') expect(e.fresh.passed).toBe(true);
  });

  it('invariant 4: an authoritative entity changes artifact only under a new hash; the same hash again is refused, typed', async () => {
    const m = await shop(true);
    await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e1', maxEntities: 1 });
    const v1 = m.ports.store.currentVersion(TOTAL)!;
    expect(v1.state).toBe('AUTHORITATIVE');
    // Hydrated again unchanged: no update at all.
    await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e2', maxEntities: 1 });
    expect(m.ports.store.versions(TOTAL)).toHaveLength(1);
    expect(() => m.ports.store.addVersion({ entityKey: TOTAL, artifactHash: v1.artifactHash, episodeId: 'e2', reason: 'update', at: Date.now() })).toThrow(
      expect.objectContaining({ code: 'CONFLICT' }),
    );
    editTotal(m, 3);
    await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e3', maxEntities: 1 });
    const versions = m.ports.store.versions(TOTAL);
    expect(versions.map((v) => [v.version, v.state])).toEqual([[1, 'SUPERSEDED'], [2, 'AUTHORITATIVE']]);
    expect(versions[1]!.artifactHash).not.toBe(v1.artifactHash);
    expect(m.ports.store.ledger(TOTAL).map((e) => [e.version, e.from, e.to, e.episodeId])).toEqual([
      [1, null, 'PROPOSED', 'e1'],
      [1, 'PROPOSED', 'AUTHORITATIVE', 'e1'],
      [1, 'AUTHORITATIVE', 'SUPERSEDED', 'e3'],
      [2, null, 'PROPOSED', 'e3'],
      [2, 'PROPOSED', 'AUTHORITATIVE', 'e3'],
    ]);
  });

  it('a rejection tombstones the live version and keeps gate B failing until an approval', async () => {
    const m = await shop(true);
    await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e1', maxEntities: 1 });
    expect(reject(m.ports, TOTAL)).toMatchObject({ state: 'TOMBSTONED', version: 1 });
    // The same text again stays rejected: no new version.
    await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e2', maxEntities: 1 });
    expect(m.ports.store.versions(TOTAL)).toHaveLength(1);
    editTotal(m, 6);
    const next = await hydrate(m.ports, { query: '`Cart.total`', conversationId: 'c', episodeId: 'e3', maxEntities: 1 });
    expect(next.evaluations[0]).toMatchObject({ decision: 'held', authority: { passed: false, reason: expect.stringMatching(/^rejected at /) } });
    expect(approve(m.ports, TOTAL).decision).toBe('promoted');
    expect(() => approve(m.ports, 'shop/cart.py::Nope')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
