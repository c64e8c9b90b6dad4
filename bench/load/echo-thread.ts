// The thread side of bench/pool-overhead.ts: answers each job with itself, as piscina's
// handler (the default export) and as a bare worker (messages on parentPort).

import { parentPort } from 'node:worker_threads';

export default function echo(job: unknown): unknown {
  return job;
}

if (parentPort !== null && process.env['ECHO_BARE'] === '1') parentPort.on('message', (job: { id: number }) => parentPort!.postMessage(job));
