// A busy `cairn serve` (issue 22): on a work copy of a corpus (sympy) and its index,
// `--connections` closed-loop clients for `--seconds`, half search and half context, with
// the edit loop writing every `--churn-ms`, in two modes — `distinct` queries (the cache
// never hits) and `repeated` ones (from bench/tasks/sympy.txt: mostly cache hits between
// index generations) — while /health is probed every 100 ms and the server's RSS (with its
// children) is sampled. Then a fleet of `cairn mcp` processes × get_context calls, with RSS
// at rest and at peak. Each mode runs `--repeat` times; the summary gives medians. Every
// part stops by itself.
//
// Every 200 answer is checked: every path it names exists, or was deleted by the edit loop
// after the request was sent. Admitted = answered 200; rejected = 503 (waited out by
// the client as Retry-After says).
//
//   npm run build && npm run bench:build
//   node dist-bench/bench/serve-busy.js [--cairn bin/cairn.js] [--corpus /work/bench-data/load/sympy]
//     [--index /work/bench-data/load/idx-sympy] [--seconds 30] [--connections 50] [--churn-ms 1000]
//     [--modes distinct,repeated] [--repeat 1] [--fleet 20] [--calls 5] [--work DIR] [--out FILE]

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChurn } from './load/churn.js';
import { probeHealth, runClients, type Outcome, type QueryMode } from './load/clients.js';
import { runFleet } from './load/mcp-fleet.js';
import { sampler, treeRssMb } from './load/process-memory.js';
import { busyMetrics, startServe, waitReady } from './load/server.js';
import { median, spread } from './load/stats.js';
import { prepareCopy } from './load/work-copy.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

const cairn = resolve(option('cairn', join(ROOT, 'bin', 'cairn.js')));
const corpus = option('corpus', '/work/bench-data/load/sympy');
const indexDir = option('index', '/work/bench-data/load/idx-sympy');
const seconds = Number(option('seconds', '30'));
const connections = Number(option('connections', '50'));
const churnMs = Number(option('churn-ms', '1000'));
const modes = option('modes', 'distinct,repeated').split(',').filter(Boolean) as QueryMode[];
const repeat = Number(option('repeat', '1'));
const fleet = Number(option('fleet', '20'));
const calls = Number(option('calls', '5'));
const work = option('work', mkdtempSync(join(tmpdir(), 'cairn-serve-busy-')));
const tasks = readFileSync(join(ROOT, 'bench', 'tasks', 'sympy.txt'), 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);
const YAML = 'serve:\n  timeoutMs: 120000\nlog:\n  maxBytes: 268435456\n';

function pathsOf(route: Outcome['route'], json: Record<string, unknown>): string[] {
  if (route === 'search') return ((json['results'] as { path: string }[] | undefined) ?? []).map((row) => row.path);
  return (((json['package'] as { items?: { path: string }[] } | undefined)?.items) ?? []).map((item) => item.path);
}

async function loadRun(mode: QueryMode): Promise<Record<string, unknown>> {
  const repo = prepareCopy(corpus, indexDir, work, YAML);
  const server = await startServe(cairn, repo);
  try {
    await waitReady(server.url);
    const pid = server.child.pid!;
    const rssAtRest = treeRssMb(pid);
    const admitted = { search: [] as number[], context: [] as number[] };
    const rejected: number[] = [];
    const other = new Map<number, number>();
    const wrong: string[] = [];
    const retryAfter = new Set<string>();
    const churn = startChurn(repo, churnMs, async (name) => {
      const response = await fetch(`${server.url}/retrieval/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: name, kind: 'symbol', limit: 1 }) });
      if (response.status === 503 && response.headers.get('retry-after')) return { retryAfterMs: Number(response.headers.get('retry-after')) * 1000 };
      if (response.status !== 200) return false;
      const json = (await response.json()) as { results: { symbol?: string }[] };
      return json.results[0]?.symbol === name;
    });
    const health = probeHealth(server.url, 100);
    const memory = sampler(() => treeRssMb(pid));
    const onOutcome = (outcome: Outcome): void => {
      if (outcome.status === 503 && outcome.retryAfter !== null) {
        rejected.push(outcome.ms);
        retryAfter.add(outcome.retryAfter);
        return;
      }
      if (outcome.status !== 200) {
        other.set(outcome.status, (other.get(outcome.status) ?? 0) + 1);
        if (wrong.length < 10) wrong.push(`${outcome.route}: ${outcome.status} ${outcome.body.slice(0, 160)}`);
        return;
      }
      admitted[outcome.route].push(outcome.ms);
      for (const path of pathsOf(outcome.route, JSON.parse(outcome.body) as Record<string, unknown>)) {
        if (existsSync(join(repo, path))) continue;
        const deleted = churn.deletedAt.get(path);
        if (deleted !== undefined && deleted >= outcome.sentAt) continue; // it existed when the request was sent
        wrong.push(`${outcome.route}: ${path} missing (${deleted === undefined ? 'never deleted by the churner' : `deleted ${outcome.sentAt - deleted} ms before the request`})`);
      }
    };
    const clients = await runClients({ url: server.url, connections, seconds, mode, tasks, onOutcome });
    await churn.stop();
    const healthMs = await health.stop();
    const rss = memory.stop();
    const metrics = await busyMetrics(server.url).catch(() => []);
    const refreshes = server.log.filter((line) => line.includes('"msg":"index refreshed"')).map((line) => (JSON.parse(line) as { ms: number }).ms);
    const all = [...admitted.search, ...admitted.context];
    return {
      mode,
      seconds: clients.seconds,
      admitted: all.length,
      admitted_rps: Math.round((all.length / clients.seconds) * 10) / 10,
      admitted_ms: spread(all),
      search_ms: spread(admitted.search),
      context_ms: spread(admitted.context),
      rejected: rejected.length,
      rejected_ms: spread(rejected),
      retry_after: [...retryAfter],
      other_statuses: Object.fromEntries(other),
      client_errors: clients.errors,
      wrong_answers: wrong.length,
      wrong_examples: wrong.slice(0, 5),
      health_ms: spread(healthMs),
      rss_mb: { at_rest: rssAtRest, peak: Math.max(...rss), end: rss.at(-1) },
      churn_rounds: churn.rounds(),
      refreshes: { n: refreshes.length, ms: spread(refreshes) },
      index_lag_ms: spread(churn.lags),
      metrics,
    };
  } finally {
    await server.stop();
  }
}

const runs: Record<string, Record<string, unknown>[]> = {};
for (let round = 0; round < repeat; round++) {
  for (const mode of modes) {
    const figures = await loadRun(mode);
    (runs[mode] ??= []).push(figures);
    console.error(JSON.stringify(figures));
  }
}

type Pick = (run: Record<string, unknown>) => number | null;
const at = (path: string): Pick => (run) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], run) as number | null;
const MEDIANS = ['admitted_rps', 'admitted_ms.p50', 'admitted_ms.p99', 'admitted_ms.max', 'rejected', 'rejected_ms.p99', 'health_ms.p50', 'health_ms.p99', 'health_ms.max', 'rss_mb.at_rest', 'rss_mb.peak', 'wrong_answers', 'index_lag_ms.p50'];
const medians = Object.fromEntries(Object.entries(runs).map(([mode, list]) => [mode, Object.fromEntries(MEDIANS.map((key) => [key, median(list.map(at(key)))]))]));

let fleetFigures = null;
if (fleet > 0) {
  const repo = prepareCopy(corpus, indexDir, work, YAML);
  fleetFigures = await runFleet({ cairn, repo, processes: fleet, calls, tasks });
  console.error(JSON.stringify({ fleet: fleetFigures }));
}
const report = { cairn, corpus, seconds, connections, churnMs, repeat, medians, runs, fleet: fleetFigures };
console.log(JSON.stringify(report, null, 2));
if (process.argv.includes('--out')) writeFileSync(option('out', 'serve-busy.json'), JSON.stringify(report, null, 2));
if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
