// Listening: the Hono app on Node's HTTP server (@hono/node-server), its reading of requests
// bounded in time and its refusals answered in JSON (connection-limits.ts).

import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp } from './app.js';
import { answerClientErrors, DEFAULT_READ_LIMITS, serverOptions, adapterErrorAnswer, type ReadLimits } from './connection-limits.js';
import type { HttpOptions } from './types.js';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(options: HttpOptions & { host: string; port: number; readLimits?: ReadLimits }): Promise<Listening> {
  const { app } = createHttpApp(options);
  const limits = options.readLimits ?? DEFAULT_READ_LIMITS;
  // Reading the request is bounded apart from the work (connection-limits.ts); malformed requests are answered in JSON.
  const server = createServer(serverOptions(limits), getRequestListener(app.fetch, { hostname: options.host, errorHandler: adapterErrorAnswer }));
  answerClientErrors(server, limits, options.logger);
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
