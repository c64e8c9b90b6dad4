// The wire protocols the test model server speaks, as pure functions: what a request to
// Ollama (/api/chat, /api/embed) or an OpenAI-compatible server (/v1/chat/completions,
// /v1/embeddings) must look like — checked the way the real servers check it, answering
// with their real error shapes — and what their answers look like.

export type Api = 'ollama' | 'openai';

export interface ChatMessageIn {
  role: string;
  content: string;
}

/** How the client asked for JSON: a schema (Ollama `format: {...}`, OpenAI json_schema) or plain JSON mode. */
export type JsonFormat =
  | { kind: 'schema'; schema: Record<string, unknown>; name: string | null; strict: boolean | null }
  | { kind: 'json' };

export interface ParsedChat {
  model: string;
  messages: ChatMessageIn[];
  format: JsonFormat | null;
  temperature: number | undefined;
  maxTokens: number | undefined;
  stream: boolean;
}

export interface ParsedEmbed {
  model: string;
  input: string[];
}

export interface Rejection {
  status: number;
  body: unknown;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; rejection: Rejection };

const ROLES = new Set(['system', 'user', 'assistant', 'tool', 'developer']);
const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function errorBody(api: Api, status: number, message: string, code: string | null = null): Rejection {
  if (api === 'ollama') return { status, body: { error: message } };
  const type = status === 401 ? 'invalid_request_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { status, body: { error: { message, type, param: null, code } } };
}

export function modelNotFound(api: Api, model: string): Rejection {
  return api === 'ollama'
    ? errorBody(api, 404, `model "${model}" not found, try pulling it first`)
    : errorBody(api, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail<T>(api: Api, message: string): Checked<T> {
  return { ok: false, rejection: errorBody(api, 400, message) };
}

function readMessages(api: Api, value: unknown): Checked<ChatMessageIn[]> {
  if (!Array.isArray(value) || (api === 'openai' && value.length === 0)) {
    return fail(api, "'messages' must be a non-empty array");
  }
  for (const [i, message] of value.entries()) {
    if (!isRecord(message) || typeof message['role'] !== 'string' || !ROLES.has(message['role'])) {
      return fail(api, `messages[${i}].role must be one of ${[...ROLES].join(', ')}`);
    }
    if (typeof message['content'] !== 'string') return fail(api, `messages[${i}].content must be a string`);
  }
  return { ok: true, value: value as ChatMessageIn[] };
}

function readModel(api: Api, body: Record<string, unknown>): Checked<string> {
  const model = body['model'];
  if (typeof model !== 'string' || model.length === 0) {
    return fail(api, api === 'ollama' ? 'model is required' : 'you must provide a model parameter');
  }
  return { ok: true, value: model };
}

export function readOllamaChat(body: unknown): Checked<ParsedChat> {
  if (!isRecord(body)) return fail('ollama', 'invalid request body');
  const model = readModel('ollama', body);
  if (!model.ok) return model;
  const messages = readMessages('ollama', body['messages']);
  if (!messages.ok) return messages;
  const format = body['format'];
  if (format !== undefined && format !== 'json' && !isRecord(format)) return fail('ollama', 'invalid format');
  const options = body['options'];
  if (options !== undefined && !isRecord(options)) return fail('ollama', 'options must be an object');
  const temperature = options?.['temperature'];
  const numPredict = options?.['num_predict'];
  if (temperature !== undefined && typeof temperature !== 'number') return fail('ollama', 'options.temperature must be a number');
  if (numPredict !== undefined && !Number.isInteger(numPredict)) return fail('ollama', 'options.num_predict must be an integer');
  return {
    ok: true,
    value: {
      model: model.value,
      messages: messages.value,
      format: format === undefined ? null : format === 'json' ? { kind: 'json' } : { kind: 'schema', schema: format, name: null, strict: null },
      temperature: temperature as number | undefined,
      maxTokens: numPredict as number | undefined,
      // Ollama streams unless told otherwise.
      stream: body['stream'] !== false,
    },
  };
}

export function readOpenAiChat(body: unknown): Checked<ParsedChat> {
  if (!isRecord(body)) return fail('openai', 'We could not parse the JSON body of your request.');
  const model = readModel('openai', body);
  if (!model.ok) return model;
  const messages = readMessages('openai', body['messages']);
  if (!messages.ok) return messages;
  const format = readResponseFormat(body['response_format'], messages.value);
  if (!format.ok) return format;
  const temperature = body['temperature'];
  const maxTokens = body['max_tokens'];
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
    return fail('openai', "'temperature' must be a number between 0 and 2");
  }
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) {
    return fail('openai', "'max_tokens' must be a positive integer");
  }
  return {
    ok: true,
    value: {
      model: model.value,
      messages: messages.value,
      format: format.value,
      temperature: temperature as number | undefined,
      maxTokens: maxTokens as number | undefined,
      stream: body['stream'] === true,
    },
  };
}

function readResponseFormat(value: unknown, messages: ChatMessageIn[]): Checked<JsonFormat | null> {
  if (value === undefined) return { ok: true, value: null };
  if (!isRecord(value)) return fail('openai', "'response_format' must be an object");
  const type = value['type'];
  if (type === 'text') return { ok: true, value: null };
  if (type === 'json_object') {
    // OpenAI refuses JSON mode unless the prompt itself asks for JSON.
    if (!messages.some((m) => /json/i.test(m.content))) {
      return fail('openai', "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.");
    }
    return { ok: true, value: { kind: 'json' } };
  }
  if (type !== 'json_schema') return fail('openai', "'response_format.type' must be 'text', 'json_object' or 'json_schema'");
  const spec = value['json_schema'];
  if (!isRecord(spec)) return fail('openai', "Missing required parameter: 'response_format.json_schema'.");
  const { name, schema, strict } = spec;
  if (typeof name !== 'string' || !SCHEMA_NAME.test(name)) {
    return fail('openai', "'response_format.json_schema.name' must match ^[a-zA-Z0-9_-]{1,64}$");
  }
  if (!isRecord(schema)) return fail('openai', "'response_format.json_schema.schema' must be an object");
  if (strict !== undefined && typeof strict !== 'boolean') return fail('openai', "'strict' must be a boolean");
  if (strict === true) {
    const problem = strictSchemaProblem(schema, '');
    if (problem) return fail('openai', `Invalid schema for response_format '${name}': ${problem}`);
  }
  return { ok: true, value: { kind: 'schema', schema, name, strict: strict ?? null } };
}

/** OpenAI strict mode: every object closes its properties and requires all of them. */
export function strictSchemaProblem(schema: unknown, at: string): string | null {
  if (!isRecord(schema)) return null;
  const properties = schema['properties'];
  if (schema['type'] === 'object' || isRecord(properties)) {
    if (schema['additionalProperties'] !== false) {
      return `In context=(${at}), 'additionalProperties' is required to be supplied and to be false.`;
    }
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    const missing = Object.keys(isRecord(properties) ? properties : {}).find((key) => !required.includes(key));
    if (missing !== undefined) return `In context=(${at}), 'required' is required to include every key in properties; missing '${missing}'.`;
  }
  const children = [
    ...Object.entries(isRecord(properties) ? properties : {}).map(([key, child]) => [`${at}properties.${key}.`, child] as const),
    [`${at}items.`, schema['items']] as const,
    ...(['anyOf', 'allOf', 'oneOf'] as const).flatMap((key) =>
      Array.isArray(schema[key]) ? (schema[key] as unknown[]).map((child, i) => [`${at}${key}.${i}.`, child] as const) : [],
    ),
  ];
  for (const [path, child] of children) {
    const problem = strictSchemaProblem(child, path);
    if (problem) return problem;
  }
  return null;
}

export function readEmbed(api: Api, body: unknown): Checked<ParsedEmbed> {
  if (!isRecord(body)) return fail(api, 'invalid request body');
  const model = readModel(api, body);
  if (!model.ok) return model;
  const raw = body['input'];
  const input = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(input) || !input.every((text) => typeof text === 'string')) {
    return fail(api, api === 'ollama' ? 'invalid input type' : "'$.input' is invalid: expected a string or an array of strings");
  }
  if (api === 'openai') {
    if (input.length === 0 || input.some((text) => text.length === 0)) {
      return fail(api, "'$.input' is invalid: empty strings and empty arrays are not allowed");
    }
    const encoding = body['encoding_format'];
    if (encoding !== undefined && encoding !== 'float') return fail(api, 'this test server only answers encoding_format "float"');
  }
  return { ok: true, value: { model: model.value, input: input as string[] } };
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export function ollamaChatAnswer(model: string, content: string, usage: Usage | null): Record<string, unknown> {
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content },
    done_reason: 'stop',
    done: true,
    total_duration: 1_000_000,
    load_duration: 100_000,
    ...(usage ? { prompt_eval_count: usage.promptTokens, prompt_eval_duration: 400_000 } : {}),
    ...(usage ? { eval_count: usage.completionTokens, eval_duration: 500_000 } : {}),
  };
}

export function openAiChatAnswer(
  model: string,
  content: string | null,
  refusal: string | null,
  usage: Usage | null,
): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, logprobs: null, finish_reason: 'stop' }],
    ...(usage
      ? { usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens } }
      : {}),
  };
}

/** Ollama's default: newline-delimited JSON chunks, the last one with `done: true`. */
export function ollamaStream(model: string, content: string): string {
  const half = Math.ceil(content.length / 2);
  const chunk = (text: string, done: boolean) =>
    JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: 'assistant', content: text }, done });
  return `${chunk(content.slice(0, half), false)}\n${chunk(content.slice(half), false)}\n${chunk('', true)}\n`;
}

/** OpenAI's `stream: true`: server-sent events ending in `[DONE]`. */
export function openAiStream(model: string, content: string): string {
  const event = (delta: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta }] })}\n\n`;
  return `${event({ role: 'assistant', content })}data: [DONE]\n\n`;
}

export function ollamaEmbedAnswer(model: string, vectors: number[][]): Record<string, unknown> {
  return { model, embeddings: vectors, total_duration: 1_000_000, load_duration: 100_000, prompt_eval_count: vectors.length };
}

export function openAiEmbedAnswer(model: string, vectors: number[][], reversed: boolean): Record<string, unknown> {
  const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding }));
  if (reversed) data.reverse();
  return { object: 'list', data, model, usage: { prompt_tokens: vectors.length, total_tokens: vectors.length } };
}

export function ollamaTags(models: string[]): Record<string, unknown> {
  return {
    models: models.map((name) => ({
      name,
      model: name,
      modified_at: '2025-01-01T00:00:00Z',
      size: 1,
      digest: 'sha256:0',
      details: { format: 'gguf', family: 'test' },
    })),
  };
}

export function openAiModels(models: string[]): Record<string, unknown> {
  return { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'cairn-test' })) };
}
