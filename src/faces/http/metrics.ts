// Prometheus metrics (`GET /metrics`, text format): requests and latency per route, cache
// hits and misses, admission and the query threads (busy-metrics.ts), and per repository the index's age, generation and refreshes and the
// episode memory's ETV cache hits and misses. A registry of its own (never prom-client's
// global one), so two servers in one process — tests — keep their counts apart.

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServeSet } from '../../app-live.js';
import type { Admission } from './admission.js';
import { busyMetrics } from './busy-metrics.js';
import type { ResultCache } from './cache.js';
import type { QueryRunner } from './query-pool.js';

export interface HttpMetrics {
  registry: Registry;
  observe(route: string, method: string, status: number, seconds: number): void;
  /** How long an admitted request waited for its turn. */
  observeWait(route: string, seconds: number): void;
}

export function createMetrics(served: ServeSet, cache: ResultCache, busy: { admission: Admission; queries: QueryRunner }): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cairn_' });
  const requests = new Counter({ name: 'cairn_http_requests_total', help: 'HTTP requests answered, by route, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'cairn_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'cairn_cache_hits_total',
    help: 'Answers served from the result cache',
    registers: [registry],
    collect() {
      this.set(cache.hits);
    },
  });
  new Gauge({
    name: 'cairn_cache_misses_total',
    help: 'Cacheable answers computed',
    registers: [registry],
    collect() {
      this.set(cache.misses);
    },
  });
  new Gauge({
    name: 'cairn_cache_shared_total',
    help: 'Cacheable requests answered by a computation of the same answer already under way',
    registers: [registry],
    collect() {
      this.set(cache.shared);
    },
  });
  new Gauge({
    name: 'cairn_cache_entries',
    help: 'Answers in the result cache',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
  perRepo(registry, served, 'cairn_index_age_seconds', 'Seconds since the index a repository answers from was completed', (status) =>
    status.indexedAt === null ? null : (Date.now() - status.indexedAt) / 1000,
  );
  perRepo(registry, served, 'cairn_index_generation', 'Index states installed since the server started', (status) => status.generation);
  perRepo(registry, served, 'cairn_index_refreshes_total', 'Index refreshes run by the live index', (status) => status.refreshes);
  // Read from memory.db, which counts across processes: `cairn hydrate` in a terminal counts too.
  perRepo(registry, served, 'cairn_etv_cache_hits_total', 'Staleness checks of episode memory answered from the ETV cache', (_status, repo) => repo.workspace.memoryCounters()?.etvHits ?? null);
  perRepo(registry, served, 'cairn_etv_cache_misses_total', 'Staleness checks of episode memory that read the disk', (_status, repo) => repo.workspace.memoryCounters()?.etvMisses ?? null);
  const waits = busyMetrics(registry, busy.admission, busy.queries);
  return {
    registry,
    observe(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route }, seconds);
    },
    observeWait: (route, seconds) => waits.observe({ route }, seconds),
  };
}

type Served = ServeSet['repos'][number];

function perRepo(registry: Registry, served: ServeSet, name: string, help: string, value: (status: ReturnType<Served['workspace']['status']>, repo: Served) => number | null): void {
  new Gauge({
    name,
    help,
    labelNames: ['repo'],
    registers: [registry],
    collect() {
      this.reset();
      for (const repo of served.repos) {
        const measured = value(repo.workspace.status(), repo);
        if (measured !== null) this.set({ repo: repo.name }, measured);
      }
    },
  });
}
