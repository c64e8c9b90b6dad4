// The memory-store conformance suite: the vault, episodes, entity versions with their
// ledger, gate evaluations and approvals, the ETV cache, integrity checks, backups. Any
// adapter runs it with its own opener; `tamper` damages rows behind the adapter's back (as
// a tool without foreign keys, or a disk fault, would), so that `verify` can be held to
// finding what was lost.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/core/errors.js';
import type { EntityState } from '../../src/core/memory.js';
import type { MemoryStore, NewEpisode, StoredBlock } from '../../src/store/memory.js';

export interface MemoryTamper {
  deleteBlocks(episodeId: string): Promise<void>;
  deleteArtifact(hash: string): Promise<void>;
  setLedgerTime(seq: number, at: number): Promise<void>;
  deleteLedgerRow(seq: number): Promise<void>;
  setVersionState(entityKey: string, version: number, state: EntityState): Promise<void>;
}

export interface MemoryStoreHarness {
  store: MemoryStore;
  /** Opens the store again (after `store.close()`), to check what persisted. */
  reopen(): MemoryStore;
  /** A second, empty store (for backups). */
  openEmpty(): MemoryStore;
  tamper: MemoryTamper;
  cleanup(): Promise<void>;
}

export type OpenMemoryStore = () => Promise<MemoryStoreHarness>;

const H = { a: 'a'.repeat(64), b: 'b'.repeat(64), c: 'c'.repeat(64) };

function block(position: number, entityKey: string, artifactHash: string | null, extra: Partial<StoredBlock> = {}): StoredBlock {
  return {
    position,
    entityKey,
    artifactHash,
    reason: 'ast_resolved',
    method: 'ast',
    triggeredBy: 'named in the query',
    tokenCount: 10 + position,
    hydratedAt: '2026-01-01T00:00:00.000Z',
    status: 'new',
    body: 'text',
    path: entityKey.split('::')[0]!,
    language: 'python',
    startLine: 1,
    endLine: 3,
    previousHash: null,
    previousEpisode: null,
    movedTo: null,
    ...extra,
  };
}

function episode(id: string, conversationId: string, sequence: number, blocks: StoredBlock[], artifacts: Record<string, string>): NewEpisode {
  return {
    episode: {
      id, conversationId, sequence, query: `query of ${id}`, format: 'markdown', maxTokens: 1000, maxEntities: 10, usedTokens: 100,
      tokenizer: 'o200k_base', blockCount: blocks.length, cutCount: 1, notes: ['a note'], createdAt: 1_000 * sequence,
    },
    blocks,
    cut: [{ position: 0, entityKey: 'big.py', reason: 'path_resolved', method: 'text', tokens: 5000, cutBy: 'tokens', usedTokens: 100 }],
    artifacts: new Map(Object.entries(artifacts)),
  };
}

function conflictCode(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return isCairnError(error) ? error.code : 'untyped';
  }
}

const PASS = { passed: true, reason: 'ok' };
const FAIL = { passed: false, reason: 'no' };

export function runMemoryStoreSuite(name: string, open: OpenMemoryStore): void {
  describe(`${name}: memory store`, () => {
    let harness: MemoryStoreHarness;
    let store: MemoryStore;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(async () => {
      store.close();
      await harness.cleanup();
    });

    /** Two episodes of conversation c: e1 shows a.py::f and b.py, e2 shows a.py::f again (new text). */
    function twoEpisodes(): void {
      store.recordEpisode(episode('e1', 'c', 1, [block(0, 'a.py::f', H.a), block(1, 'b.py', H.b)], { [H.a]: 'def f(): 1', [H.b]: 'B' }));
      store.recordEpisode(episode('e2', 'c', 2, [block(0, 'a.py::f', H.c, { status: 'changed', previousHash: H.a, previousEpisode: 'e1' })], { [H.c]: 'def f(): 2' }));
    }

    it('stores each text once under its hash and refuses a second text under a known hash', () => {
      store.putArtifacts(new Map([[H.a, 'one']]));
      store.putArtifacts(new Map([[H.a, 'one'], [H.b, 'two']]));
      expect(store.artifacts([H.a, H.b, H.c])).toEqual(new Map([[H.a, 'one'], [H.b, 'two']]));
      expect(conflictCode(() => store.putArtifacts(new Map([[H.a, 'not one']])))).toBe('CONFLICT');
      expect(store.artifact(H.a)).toBe('one');
      const seen: string[] = [];
      store.eachArtifact((hash) => seen.push(hash));
      expect(seen).toEqual([H.a, H.b]);
    });

    it('records an episode whole, numbers a conversation, and refuses a known id or a sequence taken meanwhile', () => {
      expect(store.nextSequence('c')).toBe(1);
      twoEpisodes();
      expect(store.nextSequence('c')).toBe(3);
      expect(store.nextSequence('other')).toBe(1);
      expect(store.episode('e1')).toMatchObject({ conversationId: 'c', sequence: 1, blockCount: 2, cutCount: 1, notes: ['a note'] });
      expect(store.episodes('c').map((e) => e.id)).toEqual(['e1', 'e2']);
      expect(store.blocks('e1')).toEqual([block(0, 'a.py::f', H.a), block(1, 'b.py', H.b)]);
      expect(store.cuts('e1')).toEqual([{ position: 0, entityKey: 'big.py', reason: 'path_resolved', method: 'text', tokens: 5000, cutBy: 'tokens', usedTokens: 100 }]);
      expect(conflictCode(() => store.recordEpisode(episode('e1', 'c', 3, [], {})))).toBe('CONFLICT');
      expect(conflictCode(() => store.recordEpisode(episode('e9', 'c', 2, [], {})))).toBe('CONFLICT');
      expect(store.episode('e9')).toBeNull();
    });

    it('lists the most recent episodes of every conversation, newest first, within the limit', () => {
      expect(store.recentEpisodes(10)).toEqual([]);
      twoEpisodes();
      store.recordEpisode(episode('x1', 'other', 1, [], {}));
      // e2 (created at 2000) is newest; e1 and x1 share 1000, ties by id descending.
      expect(store.recentEpisodes(10).map((e) => [e.id, e.conversationId])).toEqual([['e2', 'c'], ['x1', 'other'], ['e1', 'c']]);
      expect(store.recentEpisodes(2).map((e) => e.id)).toEqual(['e2', 'x1']);
    });

    it('writes nothing of an episode whose artifacts conflict', () => {
      store.putArtifacts(new Map([[H.a, 'one']]));
      expect(conflictCode(() => store.recordEpisode(episode('e1', 'c', 1, [block(0, 'x.py', H.a)], { [H.a]: 'two' })))).toBe('CONFLICT');
      expect(store.episode('e1')).toBeNull();
      expect(store.blocks('e1')).toEqual([]);
    });

    it('keeps foreign keys: a block cannot name an artifact the vault lacks', () => {
      expect(() => store.recordEpisode(episode('e1', 'c', 1, [block(0, 'x.py', H.a)], {}))).toThrow();
      expect(store.episode('e1')).toBeNull();
    });

    it('lists what earlier episodes showed, in the order first shown, with the last artifact seen', () => {
      twoEpisodes();
      expect(store.shownEntities('c', 2)).toEqual([
        { entityKey: 'a.py::f', firstEpisode: 'e1', lastEpisode: 'e1', lastSequence: 1, lastHash: H.a, lastStatus: 'new', lastMovedTo: null },
        { entityKey: 'b.py', firstEpisode: 'e1', lastEpisode: 'e1', lastSequence: 1, lastHash: H.b, lastStatus: 'new', lastMovedTo: null },
      ]);
      expect(store.shownEntities('c', 3)[0]).toMatchObject({ entityKey: 'a.py::f', firstEpisode: 'e1', lastEpisode: 'e2', lastHash: H.c, lastStatus: 'changed' });
      expect(store.hydrationsOf('a.py::f').map((h) => [h.episodeId, h.artifactHash, h.status])).toEqual([['e1', H.a, 'new'], ['e2', H.c, 'changed']]);
    });

    it('versions: proposed, superseded by a new artifact, every move in the ledger', () => {
      twoEpisodes();
      const v1 = store.addVersion({ entityKey: 'a.py::f', artifactHash: H.a, episodeId: 'e1', reason: 'hydrated', at: 10 });
      expect(v1).toMatchObject({ version: 1, state: 'PROPOSED', artifactHash: H.a });
      const v2 = store.addVersion({ entityKey: 'a.py::f', artifactHash: H.c, episodeId: 'e2', reason: 'changed', at: 20 });
      expect(v2).toMatchObject({ version: 2, state: 'PROPOSED' });
      expect(store.versions('a.py::f').map((v) => [v.version, v.state])).toEqual([[1, 'SUPERSEDED'], [2, 'PROPOSED']]);
      expect(store.currentVersion('a.py::f')?.version).toBe(2);
      expect(store.ledger('a.py::f').map((l) => [l.version, l.from, l.to, l.artifactHash, l.episodeId])).toEqual([
        [1, null, 'PROPOSED', H.a, 'e1'],
        [1, 'PROPOSED', 'SUPERSEDED', H.a, 'e2'],
        [2, null, 'PROPOSED', H.c, 'e2'],
      ]);
    });

    it('promotes only on an evaluation of that version that passed all three gates (invariant 3)', () => {
      twoEpisodes();
      const v = store.addVersion({ entityKey: 'b.py', artifactHash: H.b, episodeId: 'e1', reason: 'hydrated', at: 10 });
      const promote = (evaluationId?: number) =>
        store.transition({ entityKey: 'b.py', version: v.version, from: 'PROPOSED', to: 'AUTHORITATIVE', episodeId: 'e1', reason: 'gates', at: 11, ...(evaluationId === undefined ? {} : { evaluationId }) });
      expect(conflictCode(() => promote())).toBe('CONFLICT');
      const stale = store.recordEvaluation({ entityKey: 'b.py', version: 1, artifactHash: H.b, episodeId: 'e1', structural: PASS, authority: PASS, fresh: FAIL, decision: 'held', at: 11 });
      expect(conflictCode(() => promote(stale.id))).toBe('CONFLICT');
      expect(store.currentVersion('b.py')?.state).toBe('PROPOSED');
      const passed = store.recordEvaluation({ entityKey: 'b.py', version: 1, artifactHash: H.b, episodeId: 'e1', structural: PASS, authority: PASS, fresh: PASS, decision: 'promoted', at: 12 });
      expect(promote(passed.id).state).toBe('AUTHORITATIVE');
      expect(store.evaluationsOfEpisode('e1').map((e) => [e.id, e.fresh.passed, e.decision])).toEqual([[stale.id, false, 'held'], [passed.id, true, 'promoted']]);
      expect(store.evaluationsOf('b.py')[1]).toMatchObject({ structural: PASS, authority: PASS, fresh: PASS, version: 1, artifactHash: H.b });
    });

    it('refuses an update of an authoritative entity under the same hash, and moves that are not allowed (invariant 4)', () => {
      twoEpisodes();
      store.addVersion({ entityKey: 'b.py', artifactHash: H.b, episodeId: 'e1', reason: 'hydrated', at: 10 });
      const ok = store.recordEvaluation({ entityKey: 'b.py', version: 1, artifactHash: H.b, episodeId: 'e1', structural: PASS, authority: PASS, fresh: PASS, decision: 'promoted', at: 11 });
      store.transition({ entityKey: 'b.py', version: 1, from: 'PROPOSED', to: 'AUTHORITATIVE', episodeId: 'e1', reason: 'gates', at: 11, evaluationId: ok.id });
      expect(conflictCode(() => store.addVersion({ entityKey: 'b.py', artifactHash: H.b, episodeId: 'e2', reason: 'again', at: 12 }))).toBe('CONFLICT');
      expect(store.versions('b.py')).toHaveLength(1);
      expect(store.ledger('b.py')).toHaveLength(2);
      // A new hash supersedes it.
      expect(store.addVersion({ entityKey: 'b.py', artifactHash: H.a, episodeId: 'e2', reason: 'new text', at: 13 }).version).toBe(2);
      expect(store.versions('b.py').map((v) => v.state)).toEqual(['SUPERSEDED', 'PROPOSED']);
      // Final states stay final; a stale `from` is refused.
      expect(conflictCode(() => store.transition({ entityKey: 'b.py', version: 1, from: 'SUPERSEDED', to: 'AUTHORITATIVE', episodeId: null, reason: 'x', at: 14, evaluationId: ok.id }))).toBe('CONFLICT');
      expect(conflictCode(() => store.transition({ entityKey: 'b.py', version: 2, from: 'AUTHORITATIVE', to: 'TOMBSTONED', episodeId: null, reason: 'x', at: 14 }))).toBe('CONFLICT');
      expect(store.transition({ entityKey: 'b.py', version: 2, from: 'PROPOSED', to: 'TOMBSTONED', episodeId: null, reason: 'deleted', at: 15 }).state).toBe('TOMBSTONED');
      expect(conflictCode(() => store.transition({ entityKey: 'nope.py', version: 1, from: 'PROPOSED', to: 'TOMBSTONED', episodeId: null, reason: 'x', at: 16 }))).toBe('NOT_FOUND');
    });

    it('keeps the ledger in time order even when the clock goes back', () => {
      twoEpisodes();
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.a, episodeId: 'e1', reason: 'r', at: 500 });
      store.addVersion({ entityKey: 'b.py', artifactHash: H.b, episodeId: 'e1', reason: 'r', at: 100 });
      const times = store.ledger().map((entry) => entry.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(store.verify()).toEqual([]);
    });

    it('records approvals and rejections in order', () => {
      twoEpisodes();
      store.recordAuthority('b.py', 'approved', H.b, 10);
      store.recordAuthority('b.py', 'rejected', H.b, 11);
      expect(store.authority('b.py').map((a) => [a.decision, a.artifactHash, a.at])).toEqual([['approved', H.b, 10], ['rejected', H.b, 11]]);
      expect(store.authority('a.py::f')).toEqual([]);
    });

    it('lists the entities whose current version is authoritative, and those whose last authority decision is an approval', () => {
      twoEpisodes();
      expect(store.authoritativeKeys()).toEqual([]);
      expect(store.approvedKeys()).toEqual([]);
      for (const key of ['b.py', 'a.py::f']) {
        store.addVersion({ entityKey: key, artifactHash: key === 'b.py' ? H.b : H.a, episodeId: 'e1', reason: 'hydrated', at: 10 });
        const ok = store.recordEvaluation({ entityKey: key, version: 1, artifactHash: key === 'b.py' ? H.b : H.a, episodeId: 'e1', structural: PASS, authority: PASS, fresh: PASS, decision: 'promoted', at: 11 });
        store.transition({ entityKey: key, version: 1, from: 'PROPOSED', to: 'AUTHORITATIVE', episodeId: 'e1', reason: 'gates', at: 11, evaluationId: ok.id });
      }
      expect(store.authoritativeKeys()).toEqual(['a.py::f', 'b.py']);
      // A new text supersedes the authoritative version: the entity is no longer vouched for.
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.c, episodeId: 'e2', reason: 'changed', at: 12 });
      expect(store.authoritativeKeys()).toEqual(['b.py']);
      store.recordAuthority('docs/a.md', 'approved', H.a, 13);
      store.recordAuthority('b.py', 'approved', H.b, 14);
      store.recordAuthority('b.py', 'rejected', H.b, 15);
      store.recordAuthority('c.py', 'rejected', H.c, 16);
      store.recordAuthority('c.py', 'approved', H.c, 17);
      expect(store.approvedKeys()).toEqual(['c.py', 'docs/a.md']);
    });

    it('caches ETV verdicts per entity and artifact, and counts hits and misses', () => {
      const entry = { entityKey: 'a.py::f', artifactHash: H.a, fileStamp: '1:2:3:4', fileChangedAt: 5, diskExists: true, diskHash: H.a, isStale: false, checkedAt: 9 };
      store.putVerdicts([entry, { ...entry, artifactHash: H.b, isStale: true }]);
      store.putVerdicts([{ ...entry, checkedAt: 10 }]);
      const found = store.cachedVerdicts([{ entityKey: 'a.py::f', artifactHash: H.a }, { entityKey: 'a.py::f', artifactHash: H.b }, { entityKey: 'z', artifactHash: H.a }]);
      expect([...found.values()].map((e) => [e.artifactHash, e.isStale, e.checkedAt])).toEqual(expect.arrayContaining([[H.a, false, 10], [H.b, true, 9]]));
      expect(found.size).toBe(2);
      store.countEtv(3, 2);
      store.countEtv(1, 0);
      expect(store.counters()).toEqual({ etvHits: 4, etvMisses: 2 });
    });

    it('verify finds nothing in intact data', () => {
      twoEpisodes();
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.a, episodeId: 'e1', reason: 'r', at: 10 });
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.c, episodeId: 'e2', reason: 'r', at: 20 });
      expect(store.verify()).toEqual([]);
    });

    it('verify finds an episode whose blocks were deleted behind its back', async () => {
      twoEpisodes();
      await harness.tamper.deleteBlocks('e1');
      const findings = store.verify();
      expect(findings).toContainEqual(expect.objectContaining({ kind: 'episode-rows-missing', subject: 'e1' }));
      expect(findings.filter((f) => f.subject === 'e2')).toEqual([]);
    });

    it('verify finds blocks naming an artifact the vault lost', async () => {
      twoEpisodes();
      await harness.tamper.deleteArtifact(H.b);
      expect(store.verify()).toContainEqual(expect.objectContaining({ kind: 'block-artifact-missing', subject: 'e1 #2' }));
    });

    it('verify finds ledger rows out of order, a broken chain, and a state the ledger does not explain', async () => {
      twoEpisodes();
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.a, episodeId: 'e1', reason: 'r', at: 10 });
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.c, episodeId: 'e2', reason: 'r', at: 20 });
      await harness.tamper.setLedgerTime(3, 1);
      expect(store.verify().map((f) => f.kind)).toEqual(['ledger-out-of-order']);
      await harness.tamper.setLedgerTime(3, 30);
      await harness.tamper.deleteLedgerRow(1);
      expect(store.verify().map((f) => f.kind)).toEqual(['ledger-chain-broken']);
      await harness.tamper.setVersionState('a.py::f', 2, 'AUTHORITATIVE');
      expect(store.verify().map((f) => f.kind)).toContain('version-state-mismatch');
    });

    it('exports what it holds in key order, and a load of that into an empty store exports the same', () => {
      twoEpisodes();
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.a, episodeId: 'e1', reason: 'r', at: 10 });
      store.recordEvaluation({ entityKey: 'a.py::f', version: 1, artifactHash: H.a, episodeId: 'e1', structural: PASS, authority: FAIL, fresh: PASS, decision: 'held', at: 11 });
      store.recordAuthority('a.py::f', 'rejected', H.a, 12);
      const dump = store.dump();
      expect(dump.map((t) => [t.table, t.rows.length])).toEqual([
        ['artifacts', 3], ['episodes', 2], ['blocks', 3], ['cuts', 2], ['versions', 1], ['ledger', 1], ['evaluations', 1], ['authority', 1],
      ]);
      const copy = harness.openEmpty();
      try {
        expect(copy.isEmpty()).toBe(true);
        copy.load(dump);
        expect(copy.dump()).toEqual(dump);
        expect(copy.isEmpty()).toBe(false);
        expect(conflictCode(() => copy.load(dump))).toBe('CONFLICT');
        // Ids keep counting from where the backup left off.
        expect(copy.recordAuthority('a.py::f', 'approved', H.a, 13).seq).toBe(2);
      } finally {
        copy.close();
      }
    });

    it('loads nothing of a dump whose rows break the schema', () => {
      twoEpisodes();
      const broken = store.dump().map((t) => (t.table === 'artifacts' ? { ...t, rows: t.rows.slice(1) } : t));
      const copy = harness.openEmpty();
      try {
        expect(conflictCode(() => copy.load(broken))).toBe('INPUT_INVALID');
        expect(copy.isEmpty()).toBe(true);
      } finally {
        copy.close();
      }
    });

    it('persists across reopening', () => {
      twoEpisodes();
      store.addVersion({ entityKey: 'a.py::f', artifactHash: H.a, episodeId: 'e1', reason: 'r', at: 10 });
      const before = store.dump();
      store.close();
      store = harness.reopen();
      expect(store.dump()).toEqual(before);
    });
  });
}
