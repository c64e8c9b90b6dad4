// The behaviour every LlmClient must show against a real-protocol server, whatever the
// provider: strict JSON with validation, corrective retries, and failures that are typed,
// prompt (never a hang) and say which server and model. Run once per provider.

import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCairnError } from '../../src/core/errors.js';
import { HttpStatusError, RequestTimeoutError } from '../../src/providers/http.js';
import { LlmCallError, type ChatJsonRequest, type LlmClient } from '../../src/providers/llm/port.js';
import {
  DEFAULT_MODEL,
  refusedUrl,
  startModelServer,
  type ModelServer,
  type ModelServerBehaviour,
} from '../support/model-server.js';

export interface LlmSuiteSettings {
  baseUrl: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  apiKey?: string;
}

/** A strict-mode-compatible schema (closed objects, every property required). */
export const ANSWER_SCHEMA = {
  type: 'object',
  properties: { files: { type: 'array', items: { type: 'string' } }, confident: { type: 'boolean' } },
  required: ['files', 'confident'],
  additionalProperties: false,
};
const answerParser = z.object({ files: z.array(z.string()), confident: z.boolean() }).strict();
type Answer = z.infer<typeof answerParser>;

const VALID = JSON.stringify({ files: ['src/a.py', 'src/b.py'], confident: true });

export function answerRequest(overrides: Partial<ChatJsonRequest<Answer>> = {}): ChatJsonRequest<Answer> {
  return {
    system: 'You pick the files a task needs.',
    user: 'Which files handle retries?',
    schema: ANSWER_SCHEMA,
    validate: (value) => answerParser.parse(value),
    ...overrides,
  };
}

/** Runs `promise`, expecting a rejection; returns it (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<LlmCallError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(LlmCallError);
  return outcome as LlmCallError;
}

export function runLlmClientSuite(name: string, makeClient: (settings: LlmSuiteSettings) => LlmClient): void {
  describe(`LlmClient conformance: ${name}`, () => {
    const servers: ModelServer[] = [];
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
    });
    const serve = async (behaviour: ModelServerBehaviour): Promise<ModelServer> => {
      const server = await startModelServer(behaviour);
      servers.push(server);
      return server;
    };
    const client = (baseUrl: string, settings: Partial<LlmSuiteSettings> = {}): LlmClient =>
      makeClient({ baseUrl, model: DEFAULT_MODEL, timeoutMs: 5_000, maxRetries: 2, ...settings });

    it('returns the validated value and one attempt with prompt, raw answer and token counts', async () => {
      const server = await serve({ chat: () => ({ content: VALID, usage: { promptTokens: 11, completionTokens: 7 } }) });
      const result = await client(server.url).chatJson(answerRequest());
      expect(result.value).toEqual({ files: ['src/a.py', 'src/b.py'], confident: true });
      expect(result.attempts).toHaveLength(1);
      const [attempt] = result.attempts;
      expect(attempt!.messages).toEqual(server.chatCalls[0]!.messages);
      expect(attempt!.messages[0]!.role).toBe('system');
      expect(attempt!.messages[0]!.content).toContain('You pick the files a task needs.');
      expect(attempt!.messages[0]!.content).toContain(JSON.stringify(ANSWER_SCHEMA));
      expect(attempt!.messages[1]).toEqual({ role: 'user', content: 'Which files handle retries?' });
      expect(attempt).toMatchObject({ responseText: VALID, promptTokens: 11, completionTokens: 7, error: null });
      expect(attempt!.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it('sends the model and the JSON schema as the required output format', async () => {
      const server = await serve({ chat: () => ({ content: VALID }) });
      const llm = client(server.url);
      await llm.chatJson(answerRequest());
      expect(llm.model).toBe(DEFAULT_MODEL);
      expect(server.chatCalls[0]!.model).toBe(DEFAULT_MODEL);
      const format = server.chatCalls[0]!.format;
      expect(format?.kind).toBe('schema');
      expect(format?.kind === 'schema' ? format.schema : null).toEqual(ANSWER_SCHEMA);
    });

    it('passes temperature and maxTokens through, and omits them when not given', async () => {
      const server = await serve({ chat: () => ({ content: VALID }) });
      await client(server.url).chatJson(answerRequest({ temperature: 0, maxTokens: 256 }));
      await client(server.url).chatJson(answerRequest());
      expect(server.chatCalls[0]).toMatchObject({ temperature: 0, maxTokens: 256 });
      expect(server.chatCalls[1]).toMatchObject({ temperature: undefined, maxTokens: undefined });
    });

    it('reports null token counts when the server reports none', async () => {
      const server = await serve({ chat: () => ({ content: VALID, usage: null }) });
      const { attempts } = await client(server.url).chatJson(answerRequest());
      expect(attempts[0]).toMatchObject({ promptTokens: null, completionTokens: null });
    });

    it('retries invalid JSON with a corrective message quoting the answer and the error', async () => {
      const server = await serve({ chat: (call) => ({ content: call.index === 0 ? 'files: a.py {' : VALID }) });
      const result = await client(server.url).chatJson(answerRequest());
      expect(result.value.files).toEqual(['src/a.py', 'src/b.py']);
      expect(result.attempts).toHaveLength(2);
      const firstError = result.attempts[0]!.error;
      expect(firstError).toEqual(expect.any(String));
      expect(result.attempts[1]!.error).toBeNull();
      const retry = server.chatCalls[1]!.messages;
      expect(retry.slice(0, 2)).toEqual(server.chatCalls[0]!.messages);
      expect(retry[2]).toEqual({ role: 'assistant', content: 'files: a.py {' });
      expect(retry[3]!.role).toBe('user');
      expect(retry[3]!.content).toContain(firstError!);
      expect(result.attempts[1]!.messages).toEqual(retry);
    });

    it("retries a schema-violating answer, showing the model the validator's error", async () => {
      const wrong = JSON.stringify({ files: 'src/a.py', confident: true });
      const server = await serve({ chat: (call) => ({ content: call.index === 0 ? wrong : VALID }) });
      const validate = (value: unknown): Answer => {
        const parsed = answerParser.safeParse(value);
        if (!parsed.success) throw new Error('files must be an array of repository paths');
        return parsed.data;
      };
      const result = await client(server.url).chatJson(answerRequest({ validate }));
      expect(result.attempts.map((a) => a.responseText)).toEqual([wrong, VALID]);
      expect(server.chatCalls[1]!.messages[2]).toEqual({ role: 'assistant', content: wrong });
      expect(server.chatCalls[1]!.messages[3]!.content).toContain('files must be an array of repository paths');
    });

    it('gives up after maxRetries with PROVIDER_INVALID_RESPONSE carrying every attempt', async () => {
      const server = await serve({ chat: (call) => ({ content: `{"files": ${call.index}}` }) });
      const error = await rejectionOf(client(server.url, { maxRetries: 2 }).chatJson(answerRequest()));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(server.chatCalls).toHaveLength(3);
      expect(error.attempts.map((a) => a.responseText)).toEqual(['{"files": 0}', '{"files": 1}', '{"files": 2}']);
      expect(error.attempts.every((a) => typeof a.error === 'string')).toBe(true);
      expect(server.chatCalls[2]!.messages).toHaveLength(6);
    });

    it('makes exactly one request when maxRetries is 0', async () => {
      const server = await serve({ chat: () => ({ content: 'nope' }) });
      const error = await rejectionOf(client(server.url, { maxRetries: 0 }).chatJson(answerRequest()));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(server.chatCalls).toHaveLength(1);
    });

    it('times out a server that does not answer, as PROVIDER_UNAVAILABLE naming the URL', async () => {
      const server = await serve({ chat: () => ({ content: VALID, delayMs: 10_000 }) });
      const started = Date.now();
      const error = await rejectionOf(client(server.url, { timeoutMs: 200 }).chatJson(answerRequest()));
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(error.cause).toBeInstanceOf(RequestTimeoutError);
      expect(error.message).toContain(server.url);
      expect(error.attempts).toHaveLength(1);
      expect(error.attempts[0]!.responseText).toBeNull();
    });

    it('times out a server that sends headers and then stalls', async () => {
      const server = await serve({ chat: () => ({ content: VALID, stallBodyMs: 10_000 }) });
      const started = Date.now();
      const error = await rejectionOf(client(server.url, { timeoutMs: 300 }).chatJson(answerRequest()));
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error.cause).toBeInstanceOf(RequestTimeoutError);
    });

    it('reports a refused connection as PROVIDER_UNAVAILABLE with the URL and a hint', async () => {
      const url = await refusedUrl();
      const error = await rejectionOf(client(url).chatJson(answerRequest()));
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(error.message).toContain(url);
      expect(error.hint).toContain(url);
    });

    it('reports an unresolvable host as PROVIDER_UNAVAILABLE', async () => {
      const error = await rejectionOf(client('http://cairn-model-server.invalid:11434').chatJson(answerRequest()));
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(error.message).toContain('cairn-model-server.invalid');
    });

    it('reports HTTP 5xx as PROVIDER_UNAVAILABLE without retrying', async () => {
      const server = await serve({ chat: () => ({ status: 503 }) });
      const error = await rejectionOf(client(server.url).chatJson(answerRequest()));
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(error.cause).toBeInstanceOf(HttpStatusError);
      expect((error.cause as HttpStatusError).status).toBe(503);
      expect(error.message).toContain('HTTP 503');
      expect(error.hint).toContain("server's own log");
      expect(server.chatCalls).toHaveLength(1);
    });

    it('names the model when the server does not have it (404)', async () => {
      const server = await serve({ models: ['some-other-model'] });
      const error = await rejectionOf(client(server.url, { model: 'missing-model' }).chatJson(answerRequest()));
      expect(isCairnError(error)).toBe(true);
      expect(error.message).toContain('"missing-model"');
      expect((error.cause as HttpStatusError).status).toBe(404);
      expect(error.hint).toEqual(expect.any(String));
    });

    it('sends Authorization: Bearer <key> when a key is given, and no header without one', async () => {
      const keyed = await serve({ apiKey: 'sk-test-123', chat: () => ({ content: VALID }) });
      await client(keyed.url, { apiKey: 'sk-test-123' }).chatJson(answerRequest());
      expect(keyed.requests[0]!.headers.authorization).toBe('Bearer sk-test-123');
      const open = await serve({ chat: () => ({ content: VALID }) });
      await client(open.url).chatJson(answerRequest());
      expect(open.requests[0]!.headers.authorization).toBeUndefined();
    });

    it('reports a rejected key (401) as PROVIDER_UNAVAILABLE pointing at apiKeyEnv', async () => {
      const server = await serve({ apiKey: 'right-key' });
      const error = await rejectionOf(client(server.url, { apiKey: 'wrong-key' }).chatJson(answerRequest()));
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect((error.cause as HttpStatusError).status).toBe(401);
      expect(error.hint).toContain('apiKeyEnv');
    });

    it('treats a 200 that is not the protocol (not JSON, or the wrong shape) as PROVIDER_INVALID_RESPONSE without retrying', async () => {
      const html = await serve({ chat: () => ({ status: 200, rawBody: '<html>proxy login</html>' }) });
      const first = await rejectionOf(client(html.url).chatJson(answerRequest()));
      expect(first.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(html.chatCalls).toHaveLength(1);
      const shapeless = await serve({ chat: () => ({ status: 200, body: { result: VALID } }) });
      const second = await rejectionOf(client(shapeless.url).chatJson(answerRequest()));
      expect(second.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(shapeless.chatCalls).toHaveLength(1);
    });
  });
}
