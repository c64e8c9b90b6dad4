// The stand-in is only worth something if a client sending the wrong shape fails against
// it the way it would against Ollama or an OpenAI-compatible server. These tests say so.

import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, hashEmbedding, refusedUrl, startModelServer, type ModelServer, type ModelServerBehaviour } from './model-server.js';

const SCHEMA = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false };
const MESSAGES = [{ role: 'user', content: 'say ok as json' }];

describe('model server', () => {
  const servers: ModelServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const serve = async (behaviour: ModelServerBehaviour = {}) => {
    const server = await startModelServer(behaviour);
    servers.push(server);
    return server;
  };
  const post = async (server: ModelServer, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };

  it('answers well-formed Ollama and OpenAI chat requests in their real response shapes', async () => {
    const server = await serve({ chat: () => ({ content: '{"ok":true}', usage: { promptTokens: 3, completionTokens: 2 } }) });
    const ollama = await post(server, '/api/chat', { model: DEFAULT_MODEL, messages: MESSAGES, stream: false, format: SCHEMA });
    expect(ollama.status).toBe(200);
    expect(JSON.parse(ollama.text)).toMatchObject({ message: { role: 'assistant', content: '{"ok":true}' }, done: true, prompt_eval_count: 3, eval_count: 2 });
    const openai = await post(server, '/v1/chat/completions', {
      model: DEFAULT_MODEL,
      messages: MESSAGES,
      response_format: { type: 'json_schema', json_schema: { name: 'ok', schema: SCHEMA, strict: true } },
    });
    expect(openai.status).toBe(200);
    expect(JSON.parse(openai.text)).toMatchObject({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: '{"ok":true}' } }],
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
    });
  });

  it('rejects chat requests without a model, without a messages array, or with a malformed message (400)', async () => {
    const server = await serve();
    for (const path of ['/api/chat', '/v1/chat/completions']) {
      const format = path === '/api/chat' ? { format: SCHEMA, stream: false } : { response_format: { type: 'json_object' } };
      expect((await post(server, path, { messages: MESSAGES, ...format })).status).toBe(400);
      expect((await post(server, path, { model: DEFAULT_MODEL, messages: 'hi', ...format })).status).toBe(400);
      expect((await post(server, path, { model: DEFAULT_MODEL, messages: [{ role: 'robot', content: 'x' }], ...format })).status).toBe(400);
      expect((await post(server, path, { model: DEFAULT_MODEL, messages: [{ role: 'user' }], ...format })).status).toBe(400);
      expect((await post(server, path, '{not json')).status).toBe(400);
    }
    expect(server.chatCalls).toHaveLength(0);
  });

  it('rejects chat requests that do not ask for JSON, unless told JSON is not required', async () => {
    const strict = await serve();
    expect((await post(strict, '/api/chat', { model: DEFAULT_MODEL, messages: MESSAGES, stream: false })).status).toBe(400);
    expect((await post(strict, '/v1/chat/completions', { model: DEFAULT_MODEL, messages: MESSAGES })).status).toBe(400);
    const relaxed = await serve({ requireJson: false });
    expect((await post(relaxed, '/v1/chat/completions', { model: DEFAULT_MODEL, messages: MESSAGES })).status).toBe(200);
  });

  it("enforces OpenAI's response_format rules: schema name, strict-mode schemas, 'json' in the prompt for json_object", async () => {
    const server = await serve();
    const chat = (response_format: unknown, messages = MESSAGES) =>
      post(server, '/v1/chat/completions', { model: DEFAULT_MODEL, messages, response_format });
    expect((await chat({ type: 'json_schema', json_schema: { name: 'has space', schema: SCHEMA } })).status).toBe(400);
    expect((await chat({ type: 'json_schema', json_schema: { name: 'ok' } })).status).toBe(400);
    const open = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    expect((await chat({ type: 'json_schema', json_schema: { name: 'ok', schema: open, strict: true } })).status).toBe(400);
    expect((await chat({ type: 'json_schema', json_schema: { name: 'ok', schema: open } })).status).toBe(200);
    const nested = { ...SCHEMA, properties: { ok: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } } };
    expect((await chat({ type: 'json_schema', json_schema: { name: 'ok', schema: nested, strict: true } })).status).toBe(400);
    expect((await chat({ type: 'json_object' }, [{ role: 'user', content: 'say ok' }])).status).toBe(400);
    expect((await chat({ type: 'json_object' })).status).toBe(200);
  });

  it('streams from /api/chat unless stream is false, as Ollama does', async () => {
    const server = await serve({ chat: () => ({ content: '{"ok":true}' }) });
    const streamed = await post(server, '/api/chat', { model: DEFAULT_MODEL, messages: MESSAGES, format: SCHEMA });
    const lines = streamed.text.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(() => JSON.parse(streamed.text)).toThrow();
    expect(lines.map((line) => JSON.parse(line).message.content).join('')).toBe('{"ok":true}');
  });

  it('answers an unknown model with each protocol\'s 404 shape', async () => {
    const server = await serve();
    const ollama = await post(server, '/api/chat', { model: 'nope', messages: MESSAGES, stream: false, format: 'json' });
    expect(ollama.status).toBe(404);
    expect(JSON.parse(ollama.text)).toEqual({ error: 'model "nope" not found, try pulling it first' });
    const openai = await post(server, '/v1/embeddings', { model: 'nope', input: ['x'] });
    expect(openai.status).toBe(404);
    expect(JSON.parse(openai.text)).toMatchObject({ error: { code: 'model_not_found' } });
  });

  it('requires the bearer key when one is configured (401)', async () => {
    const server = await serve({ apiKey: 'k1' });
    const body = { model: DEFAULT_MODEL, input: ['x'] };
    expect((await post(server, '/api/embed', body)).status).toBe(401);
    expect((await post(server, '/api/embed', body, { authorization: 'Bearer k2' })).status).toBe(401);
    expect((await post(server, '/api/embed', body, { authorization: 'Bearer k1' })).status).toBe(200);
  });

  it('validates embedding requests: input must be strings; OpenAI refuses empty ones', async () => {
    const server = await serve();
    expect((await post(server, '/api/embed', { model: DEFAULT_MODEL, input: [1, 2] })).status).toBe(400);
    expect((await post(server, '/v1/embeddings', { model: DEFAULT_MODEL, input: [''] })).status).toBe(400);
    expect((await post(server, '/v1/embeddings', { model: DEFAULT_MODEL, input: [] })).status).toBe(400);
    expect((await post(server, '/v1/embeddings', { input: ['x'] })).status).toBe(400);
    const ok = await post(server, '/v1/embeddings', { model: DEFAULT_MODEL, input: 'one string' });
    expect(JSON.parse(ok.text).data[0]).toEqual({ object: 'embedding', index: 0, embedding: hashEmbedding('one string', 16) });
  });

  it('lists its models on GET /api/tags and GET /v1/models, and 404s unknown paths', async () => {
    const server = await serve({ models: ['a', 'b'] });
    const tags = (await (await fetch(`${server.url}/api/tags`)).json()) as { models: { name: string }[] };
    expect(tags.models.map((m) => m.name)).toEqual(['a', 'b']);
    const models = await (await fetch(`${server.url}/v1/models`)).json();
    expect(models).toMatchObject({ object: 'list', data: [{ id: 'a' }, { id: 'b' }] });
    expect((await fetch(`${server.url}/api/generate`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${server.url}/api/chat`)).status).toBe(405);
  });

  it('records every request, including rejected ones', async () => {
    const server = await serve();
    await post(server, '/api/embed', { input: ['x'] });
    expect(server.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/api/embed', body: { input: ['x'] } })]);
  });

  it('closes promptly while a delayed answer is pending', async () => {
    const server = await startModelServer({ embed: () => ({ delayMs: 60_000 }) });
    const pending = post(server, '/api/embed', { model: DEFAULT_MODEL, input: ['x'] }).catch((error: unknown) => error);
    while (server.embedCalls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it('refusedUrl() gives an address where connections are refused', async () => {
    const url = await refusedUrl();
    await expect(fetch(url)).rejects.toThrow();
  });

  it('hashEmbedding is deterministic, unit length, and differs between texts', () => {
    const a = hashEmbedding('alpha', 40);
    expect(a).toHaveLength(40);
    expect(hashEmbedding('alpha', 40)).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 12);
    expect(hashEmbedding('beta', 40)).not.toEqual(a);
  });
});
