// One JSON POST to a model server, with the error discipline every provider shares: a hard
// timeout over the whole exchange (headers *and* body, so a server that stalls mid-answer
// cannot hang cairn), and every failure turned into a ProviderError that names the server,
// the model and what to check. Decisions are made on types and status codes, never on text.

import { ProviderError, describeError } from '../core/errors.js';

/** Everything needed to talk to one configured server and to explain its failures. */
export interface ServerContext {
  /** For messages: "ollama" or "openai-compatible". */
  providerLabel: string;
  baseUrl: string;
  model: string;
  /** The cairn.yaml section that configured this server, so hints can name the key to fix. */
  configKey: 'llm' | 'embed';
  timeoutMs: number;
  /** Sent as `Authorization: Bearer <key>` when non-empty. */
  apiKey: string | undefined;
  /** What to suggest when the server answers 404 (usually: the model is not there). */
  notFoundHint: string;
  /** What to suggest when the server rejects the request itself (HTTP 400, 422, ...). */
  rejectedHint: string;
}

/** The cause of a ProviderError raised for a non-2xx answer: status and body, for callers and logs. */
export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status} from ${url}`);
    this.name = 'HttpStatusError';
  }
}

/** The cause of a ProviderError raised when the server did not finish answering in time. */
export class RequestTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`no complete answer from ${url} within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

export interface JsonReply {
  /** The parsed response body. */
  json: unknown;
  /** The body as received, for the raw log. */
  text: string;
  latencyMs: number;
}

/** Longest piece of a server's error body quoted in a message. */
const QUOTE_LIMIT = 300;

export async function postJson(ctx: ServerContext, url: string, body: unknown): Promise<JsonReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ctx.timeoutMs);
  const started = performance.now();
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: requestHeaders(ctx.apiKey),
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    // We are the only one holding the controller, so an aborted signal means our timeout.
    throw controller.signal.aborted ? timeoutError(ctx, url) : unreachableError(ctx, error);
  } finally {
    clearTimeout(timer);
  }
  const latencyMs = Math.round(performance.now() - started);
  if (status < 200 || status > 299) throw statusError(ctx, url, status, text);
  return { json: parseBody(ctx, url, text), text, latencyMs };
}

/** `<baseUrl><path>` without doubled slashes; baseUrl may carry a path prefix. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * OpenAI-compatible endpoints live under `/v1`. Users write the base URL both ways
 * (`http://host:8000` and, as the OpenAI SDKs expect, `http://host:8000/v1`); accept both.
 */
export function openAiUrl(baseUrl: string, path: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? `${trimmed}${path}` : `${trimmed}/v1${path}`;
}

/** The message a server put in its error body: Ollama `{error}`, OpenAI `{error: {message}}`, or text. */
export function serverMessage(body: string): string {
  let message = body;
  try {
    const parsed: unknown = JSON.parse(body);
    const error = isRecord(parsed) ? parsed['error'] : undefined;
    if (typeof error === 'string') message = error;
    else if (isRecord(error) && typeof error['message'] === 'string') message = error['message'];
  } catch {
    // Not JSON: quote the text as it is.
  }
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > QUOTE_LIMIT ? `${oneLine.slice(0, QUOTE_LIMIT)}…` : oneLine;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requestHeaders(apiKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (apiKey) headers['authorization'] = `Bearer ${apiKey}`;
  return headers;
}

function serverName(ctx: ServerContext): string {
  return `the ${ctx.providerLabel} server at ${ctx.baseUrl}`;
}

function timeoutError(ctx: ServerContext, url: string): ProviderError {
  return new ProviderError(
    'PROVIDER_UNAVAILABLE',
    `${serverName(ctx)} did not answer within ${ctx.timeoutMs} ms (model "${ctx.model}")`,
    {
      hint: `check that the server is running and not overloaded, or raise ${ctx.configKey}.timeoutMs`,
      cause: new RequestTimeoutError(url, ctx.timeoutMs),
    },
  );
}

function unreachableError(ctx: ServerContext, error: unknown): ProviderError {
  return new ProviderError('PROVIDER_UNAVAILABLE', `cannot reach ${serverName(ctx)}: ${networkDetail(error)}`, {
    hint: `is the server running, and is ${ctx.configKey}.baseUrl (${ctx.baseUrl}) the right address?`,
    cause: error,
  });
}

/** undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND, ...) in `cause`. */
function networkDetail(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = isRecord(cause) && typeof cause['code'] === 'string' ? cause['code'] : undefined;
  const detail = cause instanceof Error ? cause.message : describeError(error);
  return code && !detail.includes(code) ? `${code} (${detail})` : detail;
}

function statusError(ctx: ServerContext, url: string, status: number, body: string): ProviderError {
  const cause = new HttpStatusError(url, status, body);
  const quoted = serverMessage(body);
  const said = quoted ? `: ${quoted}` : '';
  if (status >= 500) {
    return new ProviderError('PROVIDER_UNAVAILABLE', `${serverName(ctx)} failed with HTTP ${status}${said}`, {
      hint: `check the server's own log; model "${ctx.model}" may have failed to load`,
      cause,
    });
  }
  if (status === 401 || status === 403) {
    return new ProviderError('PROVIDER_UNAVAILABLE', `${serverName(ctx)} refused the credentials (HTTP ${status})${said}`, {
      hint: `put the API key in the environment variable named by ${ctx.configKey}.apiKeyEnv`,
      cause,
    });
  }
  if (status === 404) {
    return new ProviderError(
      'PROVIDER_UNAVAILABLE',
      `model "${ctx.model}" is not available at ${ctx.baseUrl} (HTTP 404 from ${url})${said}`,
      { hint: ctx.notFoundHint, cause },
    );
  }
  return new ProviderError(
    'PROVIDER_UNAVAILABLE',
    `${serverName(ctx)} rejected the request for model "${ctx.model}" (HTTP ${status})${said}`,
    { hint: ctx.rejectedHint, cause },
  );
}

function parseBody(ctx: ServerContext, url: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return invalidEnvelope(ctx, url, `a body that is not JSON: ${JSON.stringify(text.slice(0, 120))}`, error);
  }
}

/** Throws: the server answered 2xx but not in its protocol's shape (a proxy page, a different API). */
export function invalidEnvelope(ctx: ServerContext, url: string, what: string, cause?: unknown): never {
  throw new ProviderError('PROVIDER_INVALID_RESPONSE', `${serverName(ctx)} answered ${url} with ${what}`, {
    hint: `check that ${ctx.configKey}.baseUrl points at a ${ctx.providerLabel} server`,
    cause,
  });
}
