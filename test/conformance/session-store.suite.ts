// The session-store conformance suite: one record per task id, top-level merge on upsert,
// createdAt kept and updatedAt bumped.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../../src/store/session.js';

export interface SessionStoreHarness {
  store: SessionStore;
  /** Opens the store again (after `store.close()`), to check what persisted. */
  reopen(): SessionStore;
  cleanup(): Promise<void>;
}

export type OpenSessionStore = (options: { now: () => number }) => Promise<SessionStoreHarness>;

export function runSessionStoreSuite(name: string, open: OpenSessionStore): void {
  describe(`${name}: session store`, () => {
    let harness: SessionStoreHarness;
    let store: SessionStore;
    const clock = { now: 1_000 };

    beforeEach(async () => {
      clock.now = 1_000;
      harness = await open({ now: () => clock.now });
      store = harness.store;
    });
    afterEach(async () => {
      store.close();
      await harness.cleanup();
    });

    it('creates a record with defaults for fields the patch leaves out', () => {
      expect(store.get('t1')).toBeNull();
      const created = store.upsert('t1', { task: { text: 'fix the bug', budget: 8000 } });
      expect(created).toEqual({
        taskId: 't1',
        task: { text: 'fix the bug', budget: 8000 },
        stageOutputs: {},
        stageProgress: {},
        finalContext: null,
        refinementRequest: null,
        createdAt: 1_000,
        updatedAt: 1_000,
      });
      expect(store.get('t1')).toEqual(created);
    });

    it('merges top-level fields: named fields replace, others stay', () => {
      store.upsert('t1', { task: 'task', stageOutputs: { scope: { files: ['a'] } }, stageProgress: { scope: 'done' } });
      clock.now = 2_000;
      const updated = store.upsert('t1', { stageProgress: { scope: 'done', precision: 'running' }, finalContext: { md: '# x' } });
      expect(updated).toMatchObject({
        task: 'task',
        stageOutputs: { scope: { files: ['a'] } },
        stageProgress: { scope: 'done', precision: 'running' },
        finalContext: { md: '# x' },
        createdAt: 1_000,
        updatedAt: 2_000,
      });
      // A field is replaced as a whole, not deep-merged.
      clock.now = 3_000;
      expect(store.upsert('t1', { stageOutputs: { precision: 1 } }).stageOutputs).toEqual({ precision: 1 });
      expect(store.get('t1')).toMatchObject({ stageOutputs: { precision: 1 }, finalContext: { md: '# x' }, updatedAt: 3_000 });
    });

    it('sets a field to null when the patch says null, and ignores undefined', () => {
      store.upsert('t1', { finalContext: { md: 'x' }, refinementRequest: { more: 'tests' } });
      store.upsert('t1', { finalContext: null, refinementRequest: undefined });
      expect(store.get('t1')).toMatchObject({ finalContext: null, refinementRequest: { more: 'tests' } });
    });

    it('bumps updatedAt on every upsert and never moves it back', () => {
      store.upsert('t1', {});
      clock.now = 5_000;
      expect(store.upsert('t1', {}).updatedAt).toBe(5_000);
      clock.now = 4_000;
      const record = store.upsert('t1', { task: 'later' });
      expect(record).toMatchObject({ createdAt: 1_000, updatedAt: 5_000, task: 'later' });
    });

    it('keeps tasks apart and lists them, most recently updated first', () => {
      store.upsert('a', { task: 'A' });
      clock.now = 2_000;
      store.upsert('b', { task: 'B' });
      clock.now = 3_000;
      store.upsert('a', { stageProgress: { scope: 'failed' } });
      expect(store.list()).toEqual([
        { taskId: 'a', updatedAt: 3_000 },
        { taskId: 'b', updatedAt: 2_000 },
      ]);
      expect(store.get('b')?.task).toBe('B');
      expect(store.get('a')?.stageProgress).toEqual({ scope: 'failed' });
    });

    it('refuses values that are not JSON and leaves the record as it was', () => {
      store.upsert('t1', { task: 'ok' });
      expect(() => store.upsert('t1', { task: 10n })).toThrow();
      expect(() => store.upsert('t2', { task: 10n })).toThrow();
      expect(store.get('t1')?.task).toBe('ok');
      expect(store.get('t2')).toBeNull();
    });

    it('patch merges like upsert without reading back: defaults, replaced fields, null and undefined', () => {
      store.patch('t1', { task: 'task', stageProgress: { scope: 'running' } });
      expect(store.get('t1')).toEqual({
        taskId: 't1',
        task: 'task',
        stageOutputs: {},
        stageProgress: { scope: 'running' },
        finalContext: null,
        refinementRequest: null,
        createdAt: 1_000,
        updatedAt: 1_000,
      });
      clock.now = 2_000;
      store.patch('t1', { stageOutputs: { scope: { files: ['a'] } }, finalContext: { md: 'x' }, refinementRequest: { more: 'tests' } });
      clock.now = 3_000;
      store.patch('t1', { stageProgress: { scope: 'done' }, finalContext: null, refinementRequest: undefined });
      expect(store.get('t1')).toEqual({
        taskId: 't1',
        task: 'task',
        stageOutputs: { scope: { files: ['a'] } },
        stageProgress: { scope: 'done' },
        finalContext: null,
        refinementRequest: { more: 'tests' },
        createdAt: 1_000,
        updatedAt: 3_000,
      });
    });

    it('patch never moves updatedAt back and leaves the record as it was on a non-JSON value', () => {
      store.patch('t1', { task: 'ok' });
      clock.now = 5_000;
      store.patch('t1', {});
      clock.now = 4_000;
      store.patch('t1', { stageProgress: { scope: 'done' } });
      expect(store.get('t1')).toMatchObject({ task: 'ok', createdAt: 1_000, updatedAt: 5_000, stageProgress: { scope: 'done' } });
      expect(() => store.patch('t1', { task: 10n })).toThrow();
      expect(() => store.patch('t2', { task: 10n })).toThrow();
      expect(store.get('t1')?.task).toBe('ok');
      expect(store.get('t2')).toBeNull();
    });

    it('persists across reopening', () => {
      const written = store.upsert('t1', { task: { text: 'persist me' }, stageOutputs: { scope: [1, 2] } });
      store.close();
      store = harness.reopen();
      expect(store.get('t1')).toEqual(written);
      expect(store.list()).toEqual([{ taskId: 't1', updatedAt: 1_000 }]);
    });
  });
}
