// What a pool costs per job, beside the job itself: round trips of a small job (the shape
// of a search request) through piscina and through a bare worker thread answering on its
// port (what the project's own pools, extract-pool.ts and fit-service.ts, do), one job in
// flight at a time, and the RSS each adds to the process. Medians of `--rounds`.
//
//   npm run bench:build && node dist-bench/bench/pool-overhead.js [--jobs 2000] [--rounds 5]

import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { median } from './load/stats.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

const jobs = Number(option('jobs', '2000'));
const rounds = Number(option('rounds', '5'));
const SCRIPT = new URL('./load/echo-thread.js', import.meta.url);
const job = { repo: 'sympy', generation: 7, op: 'search', input: { query: 'Matrix.det is slow for large sparse matrices', limit: 10, kind: 'symbol', mode: 'hybrid' } };

async function piscinaRound(pool: Piscina): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < jobs; i++) await pool.run(job);
  return ((performance.now() - started) / jobs) * 1000;
}

async function bareRound(worker: Worker): Promise<number> {
  const started = performance.now();
  for (let id = 0; id < jobs; id++) {
    await new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.postMessage({ id, ...job });
    });
  }
  return ((performance.now() - started) / jobs) * 1000;
}

const rss = (): number => Math.round(process.memoryUsage.rss() / 1048576);
const before = rss();
const pool = new Piscina({ filename: SCRIPT.href, minThreads: 1, maxThreads: 1, atomics: 'disabled' });
await pool.run(job);
const withPiscina = rss();
const worker = new Worker(SCRIPT, { env: { ...process.env, ECHO_BARE: '1' } });
await bareRound(worker);
const withBare = rss();
const piscinaUs: number[] = [];
const bareUs: number[] = [];
for (let round = 0; round < rounds; round++) {
  piscinaUs.push(await piscinaRound(pool));
  bareUs.push(await bareRound(worker));
}
await pool.destroy();
await worker.terminate();
console.log(JSON.stringify({ jobs, rounds, round_trip_us: { piscina: median(piscinaUs), bare_worker: median(bareUs) }, rss_mb: { process: before, plus_piscina_thread: withPiscina - before, plus_bare_thread: withBare - withPiscina } }));
