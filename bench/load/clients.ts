// Closed-loop HTTP clients, as agents behave: each sends a request, waits for the answer,
// and sends the next; a 503 with Retry-After is waited out (at most 5 s) before the next
// request. Half the requests are searches, half context packages. `distinct` makes every
// query unique (a word no file holds is added: the result cache never hits); `repeated`
// draws from the task list (most answers come from the cache between index generations).

import { Agent, request } from 'node:http';

export type QueryMode = 'distinct' | 'repeated';

export interface Outcome {
  route: 'search' | 'context';
  status: number;
  ms: number;
  sentAt: number;
  body: string;
  retryAfter: string | null;
}

export interface ClientOptions {
  url: string;
  connections: number;
  seconds: number;
  mode: QueryMode;
  tasks: readonly string[];
  onOutcome(outcome: Outcome): void;
}

function send(agent: Agent, url: string, path: string, payload: unknown): Promise<{ status: number; body: string; retryAfter: string | null }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), retryAfter: (res.headers['retry-after'] as string | undefined) ?? null }));
      res.on('error', reject);
    });
    req.setTimeout(180_000, () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function runClients(options: ClientOptions): Promise<{ errors: number; seconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const deadline = Date.now() + options.seconds * 1000;
  let sequence = 0;
  let errors = 0;
  const started = Date.now();
  const client = async (index: number): Promise<void> => {
    for (let turn = index; Date.now() < deadline; turn++) {
      sequence += 1;
      const task = options.tasks[Math.floor(Math.random() * options.tasks.length)]!;
      const unique = options.mode === 'distinct' ? ` zqx${sequence.toString(36)}` : '';
      const route = turn % 2 === 0 ? 'search' : 'context';
      // Every eighth search asks for the churned modules, which come and go under the watcher.
      const query = route === 'search' && sequence % 8 === 0 ? `a function the churner made${unique}` : `${task}${unique}`;
      const payload = route === 'search' ? { query, kind: 'symbol', limit: 10 } : { task: query, max_tokens: 4000 };
      const sentAt = Date.now();
      const at = performance.now();
      try {
        const answer = await send(agent, options.url, `/retrieval/${route}`, payload);
        options.onOutcome({ route, sentAt, ms: performance.now() - at, ...answer });
        if (answer.status === 503) await sleep(Math.min(5, Number(answer.retryAfter ?? '1') || 1) * 1000);
      } catch {
        errors += 1;
        await sleep(100);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => client(index)));
  agent.destroy();
  return { errors, seconds: (Date.now() - started) / 1000 };
}

/** GET /health every `everyMs` on a connection of its own; the latencies (ms). */
export function probeHealth(url: string, everyMs: number): { stop(): Promise<number[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = performance.now();
      await new Promise<void>((resolve) => {
        const req = request(`${url}/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', () => resolve());
        req.end();
      });
      latencies.push(performance.now() - at);
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      agent.destroy();
      return latencies;
    },
  };
}
