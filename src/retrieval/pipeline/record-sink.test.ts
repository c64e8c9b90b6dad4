// The deferred sink against the stores themselves: nothing is written at the call, all of
// it by flush, in order; a write that fails is reported by the flush as the store's own
// typed error, the other writes still land, and the next flush is clean.

import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/temp-repo.js';
import type { RawLog, RawLogEntry } from '../../store/raw-log.js';
import type { SessionStore } from '../../store/session.js';
import { openSqliteRawLog, openSqliteSessionStore } from '../../store/sqlite/index.js';
import { deferredSink, directSink } from './record-sink.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function stores(): { rawLog: RawLog; sessions: SessionStore } {
  const dir = tempDir();
  const rawLog = openSqliteRawLog(dir.path);
  const sessions = openSqliteSessionStore(dir.path);
  cleanups.push(() => dir.remove(), () => rawLog.close(), () => sessions.close());
  return { rawLog, sessions };
}

const entry = (n: number, payload: unknown): RawLogEntry => ({ taskId: 'task-1', runId: `run-${n % 2}`, kind: n === 0 ? 'run' : 'decision', stage: n === 0 ? null : 'scope', payload });

describe('deferredSink', () => {
  it('writes nothing at the call and everything, in order, by flush', async () => {
    const { rawLog, sessions } = stores();
    const sink = deferredSink(rawLog, sessions);
    const payloads = [{ event: 'started' }, { id: 'a.py' }, undefined, [1, 'two', null]];
    sink.rawLog.appendAll(payloads.slice(0, 2).map((payload, n) => entry(n, payload)));
    sink.sessions.patch('task-1', { task: { text: 'x' }, stageProgress: { scope: 'running' }, finalContext: null });
    sink.rawLog.appendAll(payloads.slice(2).map((payload, n) => entry(n + 2, payload)));
    sink.sessions.patch('task-1', { stageProgress: { scope: 'done' } });
    expect(rawLog.read({})).toEqual([]);
    expect(sessions.get('task-1')).toBeNull();
    await sink.flush();
    expect(rawLog.read({}).map((record) => [record.runId, record.kind, record.payload])).toEqual(payloads.map((payload, n) => [`run-${n % 2}`, n === 0 ? 'run' : 'decision', payload ?? null]));
    expect(sessions.get('task-1')).toMatchObject({ task: { text: 'x' }, stageProgress: { scope: 'done' }, finalContext: null });
  });

  it('writes while the thread waits, before any flush', async () => {
    const { rawLog, sessions } = stores();
    const sink = deferredSink(rawLog, sessions);
    sink.rawLog.appendAll([entry(1, 'early')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(rawLog.read({}).map((record) => record.payload)).toEqual(['early']);
  });

  it('reports a failed write by flush as the store error, keeps the other writes, then flushes clean', async () => {
    const { rawLog, sessions } = stores();
    const sink = deferredSink(rawLog, sessions);
    sink.rawLog.appendAll([entry(1, 'before')]);
    sink.rawLog.appendAll([entry(2, { ok: true }), entry(3, { big: 10n })]);
    sink.rawLog.appendAll([entry(4, 'after')]);
    await expect(sink.flush()).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(rawLog.read({}).map((record) => record.payload)).toEqual(['before', 'after']);
    sink.rawLog.appendAll([entry(5, 'next')]);
    await expect(sink.flush()).resolves.toBeUndefined();
  });
});

describe('directSink', () => {
  it('writes at the call and throws there', async () => {
    const { rawLog, sessions } = stores();
    const sink = directSink(rawLog, sessions);
    sink.rawLog.appendAll([entry(1, 'now')]);
    expect(rawLog.read({}).map((record) => record.payload)).toEqual(['now']);
    expect(() => sink.rawLog.appendAll([entry(2, { big: 10n })])).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
    await expect(sink.flush()).resolves.toBeUndefined();
  });
});
