// Many writers, one database: the constraints that replace SQLite's single writer, proven
// with real processes on the run's PostgreSQL server. A "hold" writer writes inside a
// transaction and waits before committing; its rival starts inside that window, so the
// two really overlap: the rival blocks on the first one's rows, and when it commits, the
// rival must be refused (ConflictError), never write a second row 1 of the conversation
// or move a version from a state it no longer has.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgMemoryStore } from '../../src/store/postgres/memory-store.js';
import { openPgRawLog } from '../../src/store/postgres/raw-log.js';
import { openPgSessionStore } from '../../src/store/postgres/session-store.js';
import { dropSchema, freshSchema, pgUrl } from '../support/postgres.js';

const WRITER = fileURLToPath(new URL('./race-writer.mjs', import.meta.url));
const HOLD_MS = 1_500;
const url = pgUrl();

interface Writer {
  held: Promise<void>;
  done: Promise<string>;
}

function writer(schema: string, action: string, arg = String(HOLD_MS)): Writer {
  const child = spawn(process.execPath, [WRITER, url!, schema, action, arg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let markHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('held\n')) markHeld();
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => {
      const last = out.trim().split('\n').pop() ?? '';
      if (last === '') reject(new Error(`writer ${action} printed nothing: ${err}`));
      else resolve(last);
    });
  });
  return { held, done };
}

describe.skipIf(url === null)('postgres: concurrent writers on one database', () => {
  const schemas: string[] = [];
  const schema = (): string => {
    const name = freshSchema('race');
    schemas.push(name);
    return name;
  };
  afterEach(() => {
    for (const name of schemas.splice(0)) dropSchema(url!, name);
  });

  it('two replicas numbering the same conversation: the second is refused, one episode 1 remains', async () => {
    const s = schema();
    openPgMemoryStore(url!, s).close(); // migrated before the race, so the race is about rows only
    const first = writer(s, 'episode-hold');
    await first.held;
    const second = writer(s, 'episode');
    expect(await first.done).toBe('ok');
    expect(await second.done).toMatch(/^error CONFLICT conversation c recorded episode 1 meanwhile/);
    const store = openPgMemoryStore(url!, s);
    try {
      expect(store.episodes('c').map((e) => e.id)).toEqual(['first']);
      expect(store.verify()).toEqual([]);
    } finally {
      store.close();
    }
  }, 30_000);

  it('two replicas moving the same version from PROPOSED at once: the second sees the move and is refused', async () => {
    const s = schema();
    const store = openPgMemoryStore(url!, s);
    store.putArtifacts(new Map([['a'.repeat(64), 'text']]));
    store.addVersion({ entityKey: 'a.py', artifactHash: 'a'.repeat(64), episodeId: null, reason: 'hydrated', at: 1 });
    const first = writer(s, 'tombstone-hold');
    await first.held;
    const second = writer(s, 'promote');
    expect(await first.done).toBe('ok');
    expect(await second.done).toMatch(/^error CONFLICT a\.py version 1 is TOMBSTONED, not PROPOSED/);
    expect(store.ledger('a.py').map((l) => [l.from, l.to])).toEqual([[null, 'PROPOSED'], ['PROPOSED', 'TOMBSTONED']]);
    expect(store.verify()).toEqual([]);
    store.close();
  }, 30_000);

  it('two replicas adding a version of one entity at once take turns: versions 2 and 3, the chain intact', async () => {
    const s = schema();
    const store = openPgMemoryStore(url!, s);
    store.putArtifacts(new Map([['a'.repeat(64), 'text'], ['b'.repeat(64), 'b'], ['c'.repeat(64), 'c']]));
    store.addVersion({ entityKey: 'a.py', artifactHash: 'a'.repeat(64), episodeId: null, reason: 'hydrated', at: 1 });
    const first = writer(s, 'version-hold');
    await first.held;
    const second = writer(s, 'version');
    expect(await first.done).toBe('ok');
    // The second waited for the first's commit, then superseded what the first had added.
    expect(await second.done).toBe('ok');
    expect(store.versions('a.py').map((v) => [v.version, v.state, v.artifactHash[0]])).toEqual([[1, 'SUPERSEDED', 'a'], [2, 'SUPERSEDED', 'b'], [3, 'PROPOSED', 'c']]);
    expect(store.ledger('a.py').map((l) => [l.version, l.from, l.to])).toEqual([
      [1, null, 'PROPOSED'], [1, 'PROPOSED', 'SUPERSEDED'], [2, null, 'PROPOSED'], [2, 'PROPOSED', 'SUPERSEDED'], [3, null, 'PROPOSED'],
    ]);
    expect(store.verify()).toEqual([]);
    store.close();
  }, 30_000);

  it('replicas patching different fields of one session at once lose none of them', async () => {
    const s = schema();
    openPgSessionStore(url!, s).close();
    const fields = ['task', 'stageOutputs', 'finalContext', 'refinementRequest'];
    const results = await Promise.all(fields.map((field) => writer(s, 'session', field).done));
    expect(results).toEqual(fields.map(() => 'ok'));
    const store = openPgSessionStore(url!, s);
    const record = store.get('t') as unknown as Record<string, unknown>;
    for (const field of fields) expect(record[field]).toEqual({ writer: field, round: 49 });
    store.close();
  }, 60_000);

  it('replicas appending to the raw log at once: every entry kept, sequence numbers unique and increasing per writer', async () => {
    const s = schema();
    openPgRawLog(url!, s).close();
    const results = await Promise.all([1, 2, 3].map(() => writer(s, 'append').done));
    expect(results).toEqual(['ok', 'ok', 'ok']);
    const log = openPgRawLog(url!, s);
    const entries = log.read({});
    expect(entries).toHaveLength(600);
    expect(new Set(entries.map((e) => e.seq)).size).toBe(600);
    for (const run of new Set(entries.map((e) => e.runId))) {
      expect(entries.filter((e) => e.runId === run).map((e) => e.payload)).toEqual([...Array(200).keys()]);
    }
    log.close();
  }, 60_000);
});
