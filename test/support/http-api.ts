// The HTTP API in-process on a loopback port, over fixture repositories, with its log
// captured: tests talk to it with real HTTP requests.

import { openRepo } from '../../src/app.js';
import { openServeSet, type ServeSet } from '../../src/app-live.js';
import type { ReadLimits } from '../../src/faces/http/connection-limits.js';
import { listen } from '../../src/faces/http/server.js';
import type { HttpOptions } from '../../src/faces/http/types.js';
import { createLogging } from '../../src/logging/logger.js';
import type { LogLevel } from '../../src/logging/levels.js';

export interface Api {
  url: string;
  set: ServeSet;
  /** Log lines written so far (JSON). */
  logs: string[];
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; text: string; headers: Headers }>;
  close(): Promise<void>;
}

export interface ApiOptions extends Partial<Omit<HttpOptions, 'served' | 'logger' | 'version'>> {
  watch?: boolean;
  /** How long the server waits for a request's headers and body (connection-limits.ts). */
  readLimits?: ReadLimits;
  logLevel?: LogLevel;
  env?: NodeJS.ProcessEnv;
}

export async function startApi(repos: { name: string; path: string }[], options: ApiOptions = {}): Promise<Api> {
  const logs: string[] = [];
  const logging = createLogging({ level: options.logLevel ?? 'info', format: 'json' }, (line) => logs.push(line));
  logging.protect(options.token ?? undefined);
  const contexts = await Promise.all(repos.map(async (repo) => ({ name: repo.name, context: await openRepo({ repo: repo.path, env: options.env ?? {} }) })));
  const set = await openServeSet(contexts, { logger: logging.logger, env: options.env ?? {}, watch: options.watch ?? false });
  for (const repo of set.repos) await repo.workspace.ensureIndex();
  const server = await listen({
    served: set,
    logger: logging.logger,
    version: 'test',
    token: options.token ?? null,
    host: '127.0.0.1',
    port: 0,
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 30_000,
    cache: options.cache ?? { enabled: true, ttl: 300, max_size: 16 * 1024 * 1024 },
    ...(options.readLimits ? { readLimits: options.readLimits } : {}),
    admission: options.admission ?? { limit: 4, queueLength: 64, maxWaitMs: 30_000 },
    ...(options.queries ? { queries: options.queries } : {}),
  });
  return {
    url: server.url,
    set,
    logs,
    async post(path, body, headers = {}) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
    },
    async get(path, headers = {}) {
      const response = await fetch(`${server.url}${path}`, { headers });
      return { status: response.status, text: await response.text(), headers: response.headers };
    },
    async close() {
      await server.close();
      await set.close();
    },
  };
}

/** The `{error: {code, message, hint}}` of an error answer. */
export function errorOf(json: Record<string, unknown>): { code: string; message: string; hint?: string } {
  return (json as { error: { code: string; message: string; hint?: string } }).error;
}
