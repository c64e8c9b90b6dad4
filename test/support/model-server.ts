// A local model server for tests: node:http on 127.0.0.1 (ephemeral port) speaking the
// real Ollama and OpenAI-compatible wire protocols, with scriptable answers, delays, stalls
// and HTTP errors. Requests in the wrong shape get the 400 a real server would give, so a
// client that sends the wrong shape fails its test. It is the only model stand-in cairn uses.

import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as wire from './model-protocol.js';
import type { Api, ChatMessageIn, JsonFormat, Rejection, Usage } from './model-protocol.js';

export type { Api, JsonFormat } from './model-protocol.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when the body was not JSON (undefined when empty). */
  body: unknown;
}

export interface ChatCall {
  api: Api;
  model: string;
  messages: ChatMessageIn[];
  format: JsonFormat | null;
  temperature: number | undefined;
  maxTokens: number | undefined;
  /** 0 for the first chat request this server answered, 1 for the next, ... */
  index: number;
}

export interface EmbedCall {
  api: Api;
  model: string;
  input: string[];
  index: number;
}

export interface Timing {
  /** Wait this long before answering anything. */
  delayMs?: number;
  /** Send status and headers, then wait this long before the body (a server stalling mid-answer). */
  stallBodyMs?: number;
}

/** Answer with this status and body instead (errors, or a 200 that is not the protocol's shape). */
export interface HttpReply extends Timing {
  status: number;
  /** JSON body; when absent (and no rawBody), the protocol's own error shape. */
  body?: unknown;
  rawBody?: string;
}

export interface ChatAnswer extends Timing {
  /** The assistant's text. null only makes sense for OpenAI (with a refusal). */
  content: string | null;
  refusal?: string;
  /** Token counts to report; default: word counts; null: report none. */
  usage?: Usage | null;
}

export interface EmbedAnswer extends Timing {
  /** Vectors to return; default: hashEmbedding of each input. */
  vectors?: number[][];
  /** OpenAI only: list `data` in reverse order (the spec orders by `index`, not position). */
  reversed?: boolean;
}

export type ChatReply = ChatAnswer | HttpReply;
export type EmbedReply = EmbedAnswer | HttpReply;

export interface ModelServerBehaviour {
  chat?: (call: ChatCall) => ChatReply | Promise<ChatReply>;
  embed?: (call: EmbedCall) => EmbedReply | Promise<EmbedReply>;
  /** Models the server has; any other gets the protocol's 404. Default ["test-model"]. */
  models?: string[];
  /** Length of the default hash embeddings. Default 16. */
  dimensions?: number;
  /** When set, every request must carry `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** Chat requests must ask for JSON (format / response_format); a test-side rule, default true. */
  requireJson?: boolean;
}

export interface ModelServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  chatCalls: ChatCall[];
  embedCalls: EmbedCall[];
  close(): Promise<void>;
}

export const DEFAULT_MODEL = 'test-model';
const DEFAULT_DIMENSIONS = 16;

/** A unit vector from SHA-256 of the text: deterministic, distinct per text, not semantic. */
export function hashEmbedding(text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimensions; block += 1) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let i = 0; i + 1 < digest.length && values.length < dimensions; i += 2) {
      values.push(digest.readInt16BE(i) / 32768);
    }
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
}

/** A URL nothing listens on: a port bound and released, so connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export async function startModelServer(behaviour: ModelServerBehaviour = {}): Promise<ModelServer> {
  const state = new ServerState(behaviour);
  const server = createServer((req, res) => {
    res.on('error', () => undefined); // the client may hang up (timeouts); that is expected
    state.handle(req, res).catch((error: unknown) => {
      // A throwing test handler shows up as a 500 naming the error, not as a hung request.
      if (res.headersSent) res.destroy();
      else void state.answerJson(res, 500, { error: `test server: ${String(error)}` }, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: state.requests,
    chatCalls: state.chatCalls,
    embedCalls: state.embedCalls,
    close: () => state.close(server),
  };
}

class ServerState {
  readonly requests: RecordedRequest[] = [];
  readonly chatCalls: ChatCall[] = [];
  readonly embedCalls: EmbedCall[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly models: Set<string>;

  constructor(private readonly behaviour: ModelServerBehaviour) {
    this.models = new Set(behaviour.models ?? [DEFAULT_MODEL]);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    const body = parseJson(text);
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body: body.ok ? body.value : text || undefined });
    const api: Api = path.startsWith('/v1/') ? 'openai' : 'ollama';
    if (this.behaviour.apiKey !== undefined && req.headers.authorization !== `Bearer ${this.behaviour.apiKey}`) {
      return this.reject(res, wire.errorBody(api, 401, 'Incorrect API key provided', 'invalid_api_key'));
    }
    const route = ROUTES[path];
    if (!route) return this.answerText(res, 404, '404 page not found');
    if (req.method !== route.method) return this.answerText(res, 405, '405 method not allowed');
    if (route.method === 'POST' && !body.ok) return this.reject(res, wire.errorBody(api, 400, 'request body is not valid JSON'));
    return route.serve(this, res, body.ok ? body.value : undefined);
  }

  listModels(res: ServerResponse, api: Api): void {
    const models = [...this.models];
    this.answerJson(res, 200, api === 'ollama' ? wire.ollamaTags(models) : wire.openAiModels(models), {});
  }

  async chat(res: ServerResponse, api: Api, body: unknown): Promise<void> {
    const parsed = api === 'ollama' ? wire.readOllamaChat(body) : wire.readOpenAiChat(body);
    if (!parsed.ok) return this.reject(res, parsed.rejection);
    const request = parsed.value;
    if (!this.models.has(request.model)) return this.reject(res, wire.modelNotFound(api, request.model));
    if ((this.behaviour.requireJson ?? true) && request.format === null) {
      return this.reject(res, wire.errorBody(api, 400, 'test server: this chat request did not ask for JSON output'));
    }
    const { stream, ...rest } = request;
    const call: ChatCall = { api, ...rest, index: this.chatCalls.length };
    this.chatCalls.push(call);
    const reply = await (this.behaviour.chat ?? defaultChat)(call);
    if (isHttpReply(reply)) return this.answerRaw(res, api, reply);
    const usage = reply.usage === undefined ? wordUsage(request.messages, reply.content ?? '') : reply.usage;
    if (stream) {
      const content = reply.content ?? '';
      const streamed = api === 'ollama' ? wire.ollamaStream(request.model, content) : wire.openAiStream(request.model, content);
      const type = api === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';
      return this.send(res, 200, type, streamed, reply);
    }
    const answer =
      api === 'ollama'
        ? wire.ollamaChatAnswer(request.model, reply.content ?? '', usage)
        : wire.openAiChatAnswer(request.model, reply.content, reply.refusal ?? null, usage);
    return this.answerJson(res, 200, answer, reply);
  }

  async embed(res: ServerResponse, api: Api, body: unknown): Promise<void> {
    const parsed = wire.readEmbed(api, body);
    if (!parsed.ok) return this.reject(res, parsed.rejection);
    const { model, input } = parsed.value;
    if (!this.models.has(model)) return this.reject(res, wire.modelNotFound(api, model));
    const call: EmbedCall = { api, model, input, index: this.embedCalls.length };
    this.embedCalls.push(call);
    const reply = this.behaviour.embed ? await this.behaviour.embed(call) : {};
    if (isHttpReply(reply)) return this.answerRaw(res, api, reply);
    const dimensions = this.behaviour.dimensions ?? DEFAULT_DIMENSIONS;
    const vectors = reply.vectors ?? input.map((text) => hashEmbedding(text, dimensions));
    const answer = api === 'ollama' ? wire.ollamaEmbedAnswer(model, vectors) : wire.openAiEmbedAnswer(model, vectors, reply.reversed ?? false);
    return this.answerJson(res, 200, answer, reply);
  }

  reject(res: ServerResponse, rejection: Rejection): Promise<void> {
    return this.answerJson(res, rejection.status, rejection.body, {});
  }

  answerJson(res: ServerResponse, status: number, body: unknown, timing: Timing): Promise<void> {
    return this.send(res, status, 'application/json; charset=utf-8', JSON.stringify(body), timing);
  }

  private answerRaw(res: ServerResponse, api: Api, reply: HttpReply): Promise<void> {
    if (reply.rawBody !== undefined) return this.send(res, reply.status, 'text/plain; charset=utf-8', reply.rawBody, reply);
    const body = reply.body ?? wire.errorBody(api, reply.status, `test server: scripted HTTP ${reply.status}`).body;
    return this.answerJson(res, reply.status, body, reply);
  }

  private answerText(res: ServerResponse, status: number, text: string): Promise<void> {
    return this.send(res, status, 'text/plain; charset=utf-8', text, {});
  }

  private async send(res: ServerResponse, status: number, type: string, body: string, timing: Timing): Promise<void> {
    await this.pause(timing.delayMs);
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    if (timing.stallBodyMs) {
      res.flushHeaders();
      await this.pause(timing.stallBodyMs);
      if (res.destroyed) return;
    }
    res.end(body);
  }

  /** Timers are tracked so close() can drop them: a pending delay must not outlive the test. */
  private pause(ms: number | undefined): Promise<void> {
    if (!ms) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  async close(server: Server): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

type Route = { method: 'GET' | 'POST'; serve: (state: ServerState, res: ServerResponse, body: unknown) => Promise<void> | void };

const ROUTES: Record<string, Route> = {
  '/api/tags': { method: 'GET', serve: (s, res) => s.listModels(res, 'ollama') },
  '/v1/models': { method: 'GET', serve: (s, res) => s.listModels(res, 'openai') },
  '/api/chat': { method: 'POST', serve: (s, res, body) => s.chat(res, 'ollama', body) },
  '/v1/chat/completions': { method: 'POST', serve: (s, res, body) => s.chat(res, 'openai', body) },
  '/api/embed': { method: 'POST', serve: (s, res, body) => s.embed(res, 'ollama', body) },
  '/v1/embeddings': { method: 'POST', serve: (s, res, body) => s.embed(res, 'openai', body) },
};

function defaultChat(): ChatReply {
  return { content: '{}' };
}

function isHttpReply(reply: ChatReply | EmbedReply): reply is HttpReply {
  return 'status' in reply;
}

function wordUsage(messages: ChatMessageIn[], content: string): Usage {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  return { promptTokens: messages.reduce((sum, m) => sum + words(m.content), 0), completionTokens: words(content) };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
