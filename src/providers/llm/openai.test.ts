import { afterEach, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../config/schema.js';
import type { HttpStatusError } from '../http.js';
import { ANSWER_SCHEMA, answerRequest, rejectionOf, runLlmClientSuite } from '../../../test/conformance/llm-client-suite.js';
import { DEFAULT_MODEL, startModelServer, type ModelServer } from '../../../test/support/model-server.js';
import { createLlmClient } from './create.js';

runLlmClientSuite('openai-compatible', (s) =>
  createLlmClient(
    llmConfigSchema.parse({ provider: 'openai', model: s.model, baseUrl: s.baseUrl, timeoutMs: s.timeoutMs, maxRetries: s.maxRetries }),
    s.apiKey,
  ),
);

describe('openai-compatible chat: wire format', () => {
  let server: ModelServer | undefined;
  afterEach(async () => server?.close());
  const VALID = JSON.stringify({ files: [], confident: false });
  const configFor = (baseUrl: string, extra: Record<string, unknown> = {}) =>
    llmConfigSchema.parse({ provider: 'openai', model: DEFAULT_MODEL, baseUrl, ...extra });

  it('posts response_format json_schema with a name, the schema and strict:true, plus max_tokens', async () => {
    server = await startModelServer({ chat: () => ({ content: VALID }) });
    const llm = createLlmClient(configFor(server.url));
    expect(llm.provider).toBe('openai');
    await llm.chatJson(answerRequest({ temperature: 0, maxTokens: 50 }));
    await llm.chatJson(answerRequest({ schemaName: 'file_pick' }));
    const [first, second] = server.requests;
    expect(first).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(first!.body).toEqual({
      model: DEFAULT_MODEL,
      messages: server.chatCalls[0]!.messages,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: ANSWER_SCHEMA, strict: true } },
      temperature: 0,
      max_tokens: 50,
    });
    expect(second!.body).toMatchObject({ response_format: { json_schema: { name: 'file_pick' } } });
  });

  it('accepts the base URL with or without /v1 and a trailing slash', async () => {
    server = await startModelServer({ chat: () => ({ content: VALID }) });
    for (const baseUrl of [server.url, `${server.url}/`, `${server.url}/v1`, `${server.url}/v1/`]) {
      await createLlmClient(configFor(baseUrl)).chatJson(answerRequest());
    }
    expect(server.requests.map((r) => r.path)).toEqual(Array(4).fill('/v1/chat/completions'));
  });

  it('sends {type: json_object} in json_object mode, which the server accepts because the prompt says JSON', async () => {
    server = await startModelServer({ chat: () => ({ content: VALID }) });
    await createLlmClient(configFor(server.url, { jsonMode: 'json_object' })).chatJson(answerRequest());
    expect(server.requests[0]!.body).toMatchObject({ response_format: { type: 'json_object' } });
    expect(server.chatCalls[0]!.format).toEqual({ kind: 'json' });
  });

  it('retries a refusal, recording the refusal text as the answer', async () => {
    server = await startModelServer({
      chat: (call) => (call.index === 0 ? { content: null, refusal: 'I cannot help with that.' } : { content: VALID }),
    });
    const result = await createLlmClient(configFor(server.url)).chatJson(answerRequest());
    expect(result.attempts.map((a) => a.responseText)).toEqual(['I cannot help with that.', VALID]);
    expect(result.attempts[0]!.error).toEqual(expect.any(String));
  });

  it('surfaces a strict-schema rejection (HTTP 400) with the server message and the jsonMode hint', async () => {
    server = await startModelServer({});
    const loose = { type: 'object', properties: { files: { type: 'array' } } };
    const error = await rejectionOf(createLlmClient(configFor(server.url)).chatJson(answerRequest({ schema: loose })));
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    expect((error.cause as HttpStatusError).status).toBe(400);
    expect(error.message).toContain("'additionalProperties' is required");
    expect(error.hint).toContain('llm.jsonMode');
    expect(server.chatCalls).toHaveLength(0);
  });
});
