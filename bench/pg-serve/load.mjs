// Concurrent clients over one or more running `cairn serve` replicas: each client sends
// `--requests` searches (or contexts) in turn, round-robin over the replicas' URLs; prints
// p50/p90/p99 and throughput as JSON, and, while the load runs, how fast each replica's main
// thread answers `GET /health` (sampled every 100 ms: a main thread busy with a search
// answers late). Usage:
//   node bench/pg-serve/load.mjs --clients 50 --requests 20 --route search URL [URL…]
// Queries are the lines of --queries FILE (default: a few fixed ones). A search names one
// served repository with --repo NAME, or spans several with --repos '*' or --repos a,b.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    clients: { type: 'string', default: '50' },
    requests: { type: 'string', default: '20' },
    route: { type: 'string', default: 'search' },
    queries: { type: 'string' },
    repo: { type: 'string' },
    repos: { type: 'string' },
  },
});
const urls = positionals;
if (urls.length === 0) throw new Error('name at least one replica URL');
const queries = values.queries ? readFileSync(values.queries, 'utf8').split('\n').filter(Boolean) : ['blueprint url_for', 'request context teardown', 'json provider dumps', 'session cookie signing', 'cli command group'];
const path = values.route === 'context' ? '/retrieval/context' : '/retrieval/search';
const where = values.repos !== undefined ? { repos: values.repos === '*' ? '*' : values.repos.split(',') } : values.repo !== undefined ? { repo: values.repo } : {};
const body = (query) => (values.route === 'context' ? { task: query, max_tokens: 4000, ...where } : { query, limit: 10, ...where });

const RUN = Math.random().toString(36).slice(2, 8);
const times = [];
const statuses = new Map();
let next = 0;
async function client(n) {
  for (let i = 0; i < Number(values.requests); i++) {
    const url = urls[next++ % urls.length];
    // A word of its own per request and per run: no answer comes from the server's result cache.
    const query = `${queries[(n + i) % queries.length]} r${RUN}n${n}x${i}`;
    const started = performance.now();
    let status;
    try {
      const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body(query)) });
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      status = error.cause?.code ?? 'failed'; // a connection the server closed
    }
    times.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
}
const health = [];
let healthFailures = 0;
let loading = true;
async function probe(url) {
  while (loading) {
    const started = performance.now();
    try {
      await (await fetch(`${url}/health`)).arrayBuffer();
      health.push(performance.now() - started);
    } catch {
      healthFailures += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const probes = urls.map(probe);
const started = performance.now();
await Promise.all(Array.from({ length: Number(values.clients) }, (_, n) => client(n)));
const seconds = (performance.now() - started) / 1000;
loading = false;
await Promise.all(probes);
const quantile = (list, q) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
};
const ok = statuses.get(200) ?? 0;
console.log(
  JSON.stringify({
    replicas: urls.length,
    clients: Number(values.clients),
    requests: times.length,
    statuses: Object.fromEntries(statuses),
    p50_ms: quantile(times, 0.5),
    p90_ms: quantile(times, 0.9),
    p99_ms: quantile(times, 0.99),
    per_second: Math.round(times.length / seconds),
    answered_per_second: Math.round((ok / seconds) * 10) / 10,
    health_p50_ms: quantile(health, 0.5),
    health_p99_ms: quantile(health, 0.99),
    ...(healthFailures > 0 ? { health_failures: healthFailures } : {}),
  }),
);
