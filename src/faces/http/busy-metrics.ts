// How busy `cairn serve` is, for /metrics: admission control (requests in work and waiting,
// admitted, refused by reason, time waited for a turn), the query threads (threads, jobs
// completed, utilization, jobs lost to a thread that stopped) and the process's memory.

import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Admission } from './admission.js';
import type { QueryRunner } from './query-pool.js';

function gauge(registry: Registry, name: string, help: string, read: () => number | null): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value !== null) this.set(value);
    },
  });
}

/** Registers the gauges; returns the histogram of waits, observed by the admission. */
export function busyMetrics(registry: Registry, admission: Admission, queries: QueryRunner): Histogram<'route'> {
  gauge(registry, 'cairn_admission_in_flight', 'Heavy requests in work', () => admission.counts().inFlight);
  gauge(registry, 'cairn_admission_queued', 'Heavy requests waiting for their turn', () => admission.counts().queued);
  gauge(registry, 'cairn_admission_limit', 'Heavy requests allowed in work at once (serve.concurrency)', () => admission.limits.limit);
  gauge(registry, 'cairn_admission_admitted_total', 'Heavy requests admitted', () => admission.counts().admitted);
  new Counter({
    name: 'cairn_admission_refused_total',
    help: 'Heavy requests answered 503 for load, by reason (queue_full, expected_wait, waited_too_long)',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(admission.counts().refused)) this.inc({ reason }, count);
    },
  });
  gauge(registry, 'cairn_pool_threads', 'Query threads running', () => queries.counts()?.threads ?? null);
  gauge(registry, 'cairn_pool_completed_total', 'Jobs the query threads completed', () => queries.counts()?.completed ?? null);
  gauge(registry, 'cairn_pool_utilization', 'Share of the query threads\' capacity used since start (0-1)', () => queries.counts()?.utilization ?? null);
  gauge(registry, 'cairn_pool_thread_failures_total', 'Requests failed because their query thread stopped', () => queries.counts()?.threadFailures ?? null);
  gauge(registry, 'cairn_process_rss_bytes', 'Resident memory of the server process (all its threads)', () => process.memoryUsage.rss());
  return new Histogram({
    name: 'cairn_admission_wait_seconds',
    help: 'Time an admitted heavy request waited for its turn, by route',
    labelNames: ['route'],
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2],
    registers: [registry],
  });
}
