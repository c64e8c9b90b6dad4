// Issue 25, faults: kill -9 of a replica mid-write. A `cairn serve` replica hydrates three
// conversations from three clients (each hydration writes an episode, its blocks, cuts,
// vault texts, versions and ledger rows, a session and raw-log entries) and is killed with
// SIGKILL while they run. Nothing is half-written: `cairn doctor` finds no damage, every
// episode holds all its blocks, each conversation is numbered 1..n without a gap, and a
// second replica goes on with n+1.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { pgUrl } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };
const CLIENTS = 3;
const QUERIES = ['cart total', 'apply discount', 'payment gateway charge', 'format price'];

interface BackupLine {
  table?: string;
  row?: Record<string, string | number | null>;
}

describe.skipIf(url === null)('kill -9 of a replica mid-write', () => {
  let repo: TempDir;
  let work: TempDir;
  let victim: ServeProcess;
  let survivor: ServeProcess | null = null;
  const cli = (args: string[]) => runCli([...args, '--repo', repo.path, '--store', url!, '--index-dir', join(work.path, 'cli')], { env: ENV });

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    work = tempDir('cairn-kill-');
    expect((await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'indexer')], { env: ENV })).code).toBe(0);
    victim = await startServe(['--store', url!, '--repo', repo.path, '--index-dir', join(work.path, 'victim')], ENV);
  }, 120_000);

  afterAll(async () => {
    await victim?.stop();
    await survivor?.stop();
    repo?.remove();
    work?.remove();
  });

  it('leaves every episode whole and every conversation numbered without a gap', async () => {
    const acknowledged = new Map<string, number>();
    const client = async (n: number): Promise<void> => {
      for (let i = 0; ; i++) {
        try {
          const answer = await victim.post('/hydrate', { query: QUERIES[i % QUERIES.length], conversation_id: `kill-${n}`, max_tokens: 1500, format: 'json' });
          if (answer.status === 200) acknowledged.set(`kill-${n}`, answer.json['sequence'] as number);
        } catch {
          return; // the replica is gone
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    await sleep(2_000);
    victim.child.kill('SIGKILL');
    await Promise.all(clients);
    expect(acknowledged.size).toBe(CLIENTS);

    const doctor = await cli(['doctor']);
    expect(doctor.stdout).not.toMatch(/lost|missing|damaged/i);
    expect(doctor.code).toBe(0);
    const backup = join(work.path, 'after-kill.jsonl');
    expect((await cli(['memory', 'export', backup])).code).toBe(0);
    const lines = readFileSync(backup, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as BackupLine);
    const episodes = lines.filter((line) => line.table === 'episodes').map((line) => line.row!);
    const blocks = lines.filter((line) => line.table === 'blocks').map((line) => line.row!);
    for (const episode of episodes) expect(blocks.filter((block) => block['episode_id'] === episode['id']).length, String(episode['id'])).toBe(episode['block_count']);

    survivor = await startServe(['--store', url!, '--repo', repo.path, '--index-dir', join(work.path, 'survivor')], ENV);
    for (let n = 0; n < CLIENTS; n++) {
      const sequences = episodes.filter((episode) => episode['conversation_id'] === `kill-${n}`).map((episode) => Number(episode['sequence'])).sort((a, b) => a - b);
      expect(sequences).toEqual(sequences.map((_, i) => i + 1));
      // Every acknowledged hydration is there; at most the one in flight at the kill went in unacknowledged.
      expect(sequences.length - acknowledged.get(`kill-${n}`)!).toBeGreaterThanOrEqual(0);
      expect(sequences.length - acknowledged.get(`kill-${n}`)!).toBeLessThanOrEqual(1);
      const next = await survivor.post('/hydrate', { query: 'cart total', conversation_id: `kill-${n}`, max_tokens: 1500, format: 'json' });
      expect(next.json['sequence']).toBe(sequences.length + 1);
    }
  }, 60_000);
});
