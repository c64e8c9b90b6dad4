// Issue 25, faults: PostgreSQL restarted under load. A `cairn serve` replica answers
// hydrations (which write episode memory, sessions and the raw log) and searches from four
// clients while the database stops and starts again. Requests that need the database while
// it is away get a clear 503 (STORE_UNAVAILABLE), nothing else; once it is back the next
// requests succeed on new connections, without restarting cairn; and nothing was half
// written: `cairn doctor` finds nothing, every episode holds its blocks, and every
// conversation's episodes are numbered 1, 2, 3… without a gap or a repeat.
// The test runs its own server (the run's shared one must not stop under other tests).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { findPgBin, startPgServer, type PgServer } from '../support/postgres-server.js';
import { pgUrl } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const CLIENTS = 4;
const QUERIES = ['cart total', 'apply discount', 'payment gateway charge', 'format price', 'tax rate'];

interface Outcome {
  /** When the request was sent, and when its answer came. */
  phase: 'before' | 'down' | 'after';
  ended: 'before' | 'down' | 'after';
  route: string;
  status: number;
  code: string | null;
  sequence: number | null;
  conversation: string;
}

describe.skipIf(pgUrl() === null)('postgres restarted under load', () => {
  let server: PgServer;
  let repo: TempDir;
  let work: TempDir;
  let replica: ServeProcess;

  beforeAll(async () => {
    server = await startPgServer(findPgBin()!);
    repo = fixtureRepo('shop');
    work = tempDir('cairn-restart-');
    const indexed = await runCli(['index', repo.path, '--store', server.url, '--index-dir', join(work.path, 'indexer')], { env: { CAIRN_DATABASE_URL: '' } });
    expect(indexed.code).toBe(0);
    replica = await startServe(['--store', server.url, '--repo', repo.path, '--index-dir', join(work.path, 'replica')]);
  }, 120_000);

  afterAll(async () => {
    await replica?.stop();
    server?.stop();
    repo?.remove();
    work?.remove();
  });

  it('answers 503 while the database is away and recovers by itself, nothing half-written', async () => {
    const outcomes: Outcome[] = [];
    let phase: Outcome['phase'] = 'before';
    let running = true;
    const client = async (n: number): Promise<void> => {
      for (let i = 0; running; i++) {
        const conversation = `load-${n}`;
        const hydrate = i % 2 === 0;
        const body = hydrate ? { query: QUERIES[i % QUERIES.length], conversation_id: conversation, max_tokens: 1500, format: 'json' } : { query: QUERIES[i % QUERIES.length], limit: 3 };
        const at = phase;
        const answer = await replica.post(hydrate ? '/hydrate' : '/retrieval/search', body);
        const error = answer.json['error'] as { code?: string } | undefined;
        outcomes.push({ phase: at, ended: phase, route: hydrate ? 'hydrate' : 'search', status: answer.status, code: error?.code ?? null, sequence: (answer.json['sequence'] as number | undefined) ?? null, conversation });
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    await sleep(1_500);
    server.halt();
    phase = 'down';
    await sleep(1_500);
    server.start();
    phase = 'after';
    await sleep(2_500);
    running = false;
    await Promise.all(clients);

    const hydrations = outcomes.filter((o) => o.route === 'hydrate');
    // Answered before the stop: all 200. In flight at the stop, or sent while away: 200 or a clear 503.
    for (const o of outcomes.filter((o) => o.ended === 'before')) expect(o.status).toBe(200);
    const down = hydrations.filter((o) => o.phase === 'down');
    expect(down.some((o) => o.status === 503 && o.code === 'STORE_UNAVAILABLE')).toBe(true);
    for (const o of outcomes.filter((o) => o.status !== 200)) expect([o.status, o.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    // Recovered without a restart of cairn: the last hydration of every client succeeded.
    for (let n = 0; n < CLIENTS; n++) expect(hydrations.filter((o) => o.conversation === `load-${n}`).at(-1)!.status).toBe(200);
    expect(hydrations.filter((o) => o.phase === 'after' && o.status === 200).length).toBeGreaterThan(CLIENTS);
    // Searches read the local generation: the database being away does not stop them.
    for (const o of outcomes.filter((o) => o.route === 'search')) expect(o.status).toBe(200);
    // Nothing half-written. An answer lost with the connection may belong to an episode that
    // committed just before (as with any network failure after a commit): the answered
    // sequences only rise, and the stored ones are 1..n, each episode whole.
    for (let n = 0; n < CLIENTS; n++) {
      const answered = hydrations.filter((o) => o.conversation === `load-${n}` && o.status === 200).map((o) => o.sequence!);
      expect(answered).toEqual([...answered].sort((a, b) => a - b));
      expect(new Set(answered).size).toBe(answered.length);
    }
    const cli = (args: string[]) => runCli([...args, '--repo', repo.path, '--store', server.url, '--index-dir', join(work.path, 'cli')], { env: { CAIRN_DATABASE_URL: '' } });
    const doctor = await cli(['doctor']);
    expect(doctor.code, doctor.stdout).toBe(0);
    expect((await cli(['memory', 'export', join(work.path, 'after.jsonl')])).code).toBe(0);
    const rows = readFileSync(join(work.path, 'after.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { table?: string; row?: Record<string, unknown> });
    const episodes = rows.filter((line) => line.table === 'episodes').map((line) => line.row!);
    const blocks = rows.filter((line) => line.table === 'blocks').map((line) => line.row!);
    for (let n = 0; n < CLIENTS; n++) {
      const stored = episodes.filter((episode) => episode['conversation_id'] === `load-${n}`).map((episode) => Number(episode['sequence'])).sort((a, b) => a - b);
      expect(stored).toEqual(stored.map((_, i) => i + 1));
      expect(stored.at(-1)).toBe(hydrations.filter((o) => o.conversation === `load-${n}` && o.status === 200).at(-1)!.sequence);
    }
    for (const episode of episodes) expect(blocks.filter((block) => block['episode_id'] === episode['id']).length).toBe(episode['block_count']);
  }, 60_000);
});
