// The recording thread (the compiled dist/app-retrieval-recorder.js, built by the test
// setup) against the stores themselves: what it was handed is stored, in order, by flush;
// a payload that is not JSON or a store that cannot be written fails the flush with the
// typed error; without the compiled script the fallback sink is used.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { isCairnError } from '../../core/errors.js';
import type { RawLogEntry } from '../../store/raw-log.js';
import { openSqliteRawLog, openSqliteSessionStore } from '../../store/sqlite/index.js';
import { directSink, logMessage, messageEntries, startRecorder, type RecordSink } from './record-sink.js';

const COMPILED = new URL('../../../dist/app-retrieval-recorder.js', import.meta.url);
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function indexDir(): TempDir {
  const dir = tempDir();
  cleanups.push(() => dir.remove());
  return dir;
}

function recorder(dir: string, script = COMPILED): { sink: RecordSink; fellBack: () => boolean } {
  let fellBack = false;
  const sink = startRecorder(dir, () => ((fellBack = true), directSink({ appendAll: () => undefined }, { patch: () => undefined })), script);
  cleanups.push(() => sink.close());
  return { sink, fellBack: () => fellBack };
}

const entry = (n: number, payload: unknown): RawLogEntry => ({ taskId: 'task-1', runId: `run-${n % 2}`, kind: n === 0 ? 'run' : 'decision', stage: n === 0 ? null : 'scope', payload });

describe('logMessage', () => {
  it('groups consecutive equal headers and gives back every entry, payloads as their JSON', () => {
    const entries: RawLogEntry[] = [entry(0, { a: 1 }), entry(2, 'x\ny'), entry(4, undefined), entry(1, [null]), entry(3, 2), entry(2, { b: '\u2028' })];
    const message = logMessage(entries);
    if (message.op !== 'log') throw new Error('a log message');
    expect(message.groups.map((group) => [group.runId, group.kind, group.count])).toEqual([['run-0', 'run', 1], ['run-0', 'decision', 2], ['run-1', 'decision', 2], ['run-0', 'decision', 1]]);
    expect(messageEntries(message)).toEqual(entries.map(({ payload, ...head }) => ({ ...head, payloadJson: JSON.stringify(payload ?? null) })));
  });
});

describe('startRecorder', () => {
  it('stores log entries and session patches in the order sent, by the time flush resolves', async () => {
    const dir = indexDir();
    const rawLog = openSqliteRawLog(dir.path);
    const sessions = openSqliteSessionStore(dir.path);
    cleanups.push(() => rawLog.close(), () => sessions.close());
    const { sink, fellBack } = recorder(dir.path);
    const payloads = [{ event: 'started' }, { id: 'a.py', note: 'line\nbreak' }, undefined, [1, 'two', null], 'text'];
    sink.rawLog.appendAll(payloads.slice(0, 2).map((payload, n) => entry(n, payload)));
    sink.sessions.patch('task-1', { task: { text: 'x' }, stageProgress: { scope: 'running' }, finalContext: null });
    sink.rawLog.appendAll([]);
    sink.rawLog.appendAll(payloads.slice(2).map((payload, n) => entry(n + 2, payload)));
    sink.sessions.patch('task-1', { stageProgress: { scope: 'done' }, refinementRequest: undefined });
    await sink.flush();
    expect(fellBack()).toBe(false);
    expect(rawLog.read({ taskId: 'task-1' }).map((record) => [record.runId, record.kind, record.stage, record.payload])).toEqual(
      payloads.map((payload, n) => [`run-${n % 2}`, n === 0 ? 'run' : 'decision', n === 0 ? null : 'scope', payload ?? null]),
    );
    expect(sessions.get('task-1')).toMatchObject({ task: { text: 'x' }, stageProgress: { scope: 'done' }, finalContext: null, refinementRequest: null });
  });

  it('fails the flush on a payload that is not JSON, storing nothing of that call and the rest as usual', async () => {
    const dir = indexDir();
    const rawLog = openSqliteRawLog(dir.path);
    cleanups.push(() => rawLog.close());
    const { sink } = recorder(dir.path);
    sink.rawLog.appendAll([entry(0, 'before')]);
    sink.rawLog.appendAll([entry(1, { ok: true }), entry(2, { big: 10n })]);
    sink.rawLog.appendAll([entry(3, 'after')]);
    await expect(sink.flush()).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(rawLog.read({}).map((record) => record.payload)).toEqual(['before', 'after']);
    sink.rawLog.appendAll([entry(4, 'next')]);
    await expect(sink.flush()).resolves.toBeUndefined();
  });

  it('fails the flush with the store error when the raw log cannot be written, then reports clean again', async () => {
    const dir = indexDir();
    writeFileSync(join(dir.path, 'raw-log.db'), 'this is not a SQLite database, and it is long enough to be read as a header'.repeat(20));
    const { sink } = recorder(dir.path);
    sink.rawLog.appendAll([entry(1, { id: 'x' })]);
    const failure = await sink.flush().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isCairnError(failure) && failure.code).toBe('INDEX_CORRUPT');
    await expect(sink.flush()).resolves.toBeUndefined();
  });

  it('uses the fallback sink when there is no compiled recorder', () => {
    const { fellBack } = recorder(indexDir().path, new URL('./no-such-recorder.js', import.meta.url));
    expect(fellBack()).toBe(true);
  });
});
