import { afterEach, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../config/schema.js';
import { ANSWER_SCHEMA, answerRequest, rejectionOf, runLlmClientSuite } from '../../../test/conformance/llm-client-suite.js';
import { DEFAULT_MODEL, startModelServer, type ModelServer } from '../../../test/support/model-server.js';
import { createLlmClient } from './create.js';

runLlmClientSuite('ollama', (s) =>
  createLlmClient(
    llmConfigSchema.parse({ provider: 'ollama', model: s.model, baseUrl: s.baseUrl, timeoutMs: s.timeoutMs, maxRetries: s.maxRetries }),
    s.apiKey,
  ),
);

describe('ollama chat: wire format', () => {
  let server: ModelServer | undefined;
  afterEach(async () => server?.close());
  const VALID = JSON.stringify({ files: [], confident: false });

  it('posts to /api/chat with stream:false, format = the schema, and options only when set', async () => {
    server = await startModelServer({ chat: () => ({ content: VALID }) });
    const llm = createLlmClient(llmConfigSchema.parse({ provider: 'ollama', model: DEFAULT_MODEL, baseUrl: `${server.url}/` }));
    expect(llm.provider).toBe('ollama');
    await llm.chatJson(answerRequest({ temperature: 0.2, maxTokens: 100 }));
    await llm.chatJson(answerRequest());
    const [first, second] = server.requests;
    expect(first).toMatchObject({ method: 'POST', path: '/api/chat' });
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.body).toMatchObject({ model: DEFAULT_MODEL, stream: false, format: ANSWER_SCHEMA, options: { temperature: 0.2, num_predict: 100 } });
    expect(second!.body).not.toHaveProperty('options');
  });

  it('sends format "json" in json_object mode', async () => {
    server = await startModelServer({ chat: () => ({ content: VALID }) });
    const config = llmConfigSchema.parse({ provider: 'ollama', model: DEFAULT_MODEL, baseUrl: server.url, jsonMode: 'json_object' });
    await createLlmClient(config).chatJson(answerRequest());
    expect(server.requests[0]!.body).toMatchObject({ format: 'json' });
  });

  it("quotes Ollama's own 404 message and suggests pulling the model", async () => {
    server = await startModelServer({ models: ['llama3.2'] });
    const config = llmConfigSchema.parse({ provider: 'ollama', model: 'qwen3:8b', baseUrl: server.url });
    const error = await rejectionOf(createLlmClient(config).chatJson(answerRequest()));
    expect(error.message).toContain('model "qwen3:8b" not found, try pulling it first');
    expect(error.hint).toContain('ollama pull qwen3:8b');
  });
});
