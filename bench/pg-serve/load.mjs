// Concurrent clients over one or more running `cairn serve` replicas: each client sends
// `--requests` searches (or contexts) in turn, round-robin over the replicas' URLs; prints
// p50/p90/p99 and throughput as JSON. Usage:
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
    salt: { type: 'string', default: '' },
  },
});
const urls = positionals;
if (urls.length === 0) throw new Error('name at least one replica URL');
const queries = values.queries ? readFileSync(values.queries, 'utf8').split('\n').filter(Boolean) : ['blueprint url_for', 'request context teardown', 'json provider dumps', 'session cookie signing', 'cli command group'];
const path = values.route === 'context' ? '/retrieval/context' : '/retrieval/search';
const where = values.repos !== undefined ? { repos: values.repos === '*' ? '*' : values.repos.split(',') } : values.repo !== undefined ? { repo: values.repo } : {};
const body = (query) => (values.route === 'context' ? { task: query, max_tokens: 4000, ...where } : { query, limit: 10, ...where });

const times = [];
const statuses = new Map();
let next = 0;
async function client(n) {
  for (let i = 0; i < Number(values.requests); i++) {
    const url = urls[next++ % urls.length];
    // A word of its own per request (--salt makes another run's differ too): no answer comes from the server's result cache.
    const query = `${queries[(n + i) % queries.length]} r${n}x${i}${values.salt}`;
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body(query)) });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: Number(values.clients) }, (_, n) => client(n)));
const seconds = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
console.log(JSON.stringify({ replicas: urls.length, clients: Number(values.clients), requests: times.length, statuses: Object.fromEntries(statuses), p50_ms: at(0.5), p90_ms: at(0.9), p99_ms: at(0.99), per_second: Math.round(times.length / seconds) }));
