// Issue 25: `cairn serve --store` answers searches and context packages on its query threads.
// libpq cannot load in a second thread of a process, so a thread reads the index generation
// the main thread checked out and hands its raw-log and session writes back to the main
// thread, which stores them in PostgreSQL before answering. Real processes on a real
// server: the thread pool's job count moves with each search and package (it stayed at 0
// while they ran on the main thread), the rows equal a one-shot CLI's, and what a
// thread's run logged is in PostgreSQL — another replica explains the task and refines it.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { pgUrl } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const url = pgUrl();
const ENV = { CAIRN_DATABASE_URL: '' };

async function poolJobs(serve: ServeProcess): Promise<number> {
  const text = await (await fetch(`${serve.url}/metrics`)).text();
  const line = /^cairn_pool_completed_total (\d+)/m.exec(text);
  if (line === null) throw new Error(`no cairn_pool_completed_total in /metrics:\n${text.slice(0, 2000)}`);
  return Number(line[1]);
}

describe.skipIf(url === null)('postgres: cairn serve --store answers searches and packages on its query threads', () => {
  let repo: TempDir;
  let work: TempDir;
  let replicas: ServeProcess[] = [];

  beforeAll(async () => {
    repo = fixtureRepo('shop');
    work = tempDir('cairn-pg-threads-');
    const indexed = await runCli(['index', repo.path, '--store', url!, '--index-dir', join(work.path, 'indexer')], { env: ENV });
    expect(indexed.code, indexed.stderr).toBe(0);
    replicas = await Promise.all(['a', 'b'].map((name) => startServe(['--store', url!, '--repo', repo.path, '--index-dir', join(work.path, `replica-${name}`)], ENV)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    repo?.remove();
    work?.remove();
  });

  it('runs a search on a query thread, with the rows a one-shot search gives', async () => {
    const [serve] = replicas;
    const before = await poolJobs(serve!);
    const search = await serve!.post('/retrieval/search', { query: 'cart total discount', kind: 'symbol', limit: 8 });
    expect(search.status).toBe(200);
    expect(await poolJobs(serve!)).toBe(before + 1);
    const cli = await runCli(['search', 'cart total discount', '--repo', repo.path, '--store', url!, '--index-dir', join(work.path, 'cli'), '--kind', 'symbol', '--limit', '8', '--json'], { env: ENV });
    expect(cli.code, cli.stderr).toBe(0);
    const oneShot = JSON.parse(cli.stdout) as { results: { path: string; title: string | null; score: number }[] };
    const rows = search.json['results'] as { path: string; symbol?: string; score: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.path, row.symbol])).toEqual(oneShot.results.map((row) => [row.path, row.title]));
  });

  it('runs a context package on a query thread and stores its log and session in PostgreSQL', async () => {
    const [first, second] = replicas;
    const before = await poolJobs(first!);
    const retrieved = await first!.post('/retrieve', { task: 'Cart.total applies the discount after tax', max_tokens: 3000, format: 'json' });
    expect(retrieved.status).toBe(200);
    expect(await poolJobs(first!)).toBe(before + 1);
    const taskId = String(retrieved.json['task_id']);
    // The other replica (another process) reads what the thread's run logged from the database…
    const explained = await fetch(`${second!.url}/tasks/${encodeURIComponent(taskId)}/explain`);
    expect(explained.status).toBe(200);
    const explanation = (await explained.json()) as { runs: { decisions?: unknown[] }[] };
    expect(explanation.runs.length).toBe(1);
    // …and refines the task from the session the thread's run wrote (refining reads it: NOT_FOUND without it).
    const refined = await second!.post('/refine', { task_id: taskId, missing_files: ['shop/pricing.py'], format: 'json' });
    expect(refined.status, JSON.stringify(refined.json)).toBe(200);
    expect(refined.json['task_id']).toBe(taskId);
  });
});
