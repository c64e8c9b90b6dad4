// Listening: the Hono app on Node's HTTP server (@hono/node-server).

import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHttpApp } from './app.js';
import type { HttpOptions } from './types.js';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(options: HttpOptions & { host: string; port: number }): Promise<Listening> {
  const { app } = createHttpApp(options);
  const server = createAdaptorServer({ fetch: app.fetch, hostname: options.host }) as Server;
  // Node's own limits sit above the per-request timeout, so that one answers first.
  server.requestTimeout = options.timeoutMs + 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
