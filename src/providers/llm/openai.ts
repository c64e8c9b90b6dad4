// OpenAI-compatible chat: POST {baseUrl}/v1/chat/completions (OpenAI, vLLM, llama.cpp
// server, LM Studio, Ollama's /v1). Strict JSON through `response_format: json_schema`
// with `strict: true`; `jsonMode: json_object` falls back to `{type: "json_object"}` for
// servers without schema support (the schema then only reaches the model in the prompt).

import { z } from 'zod';
import type { LlmConfig } from '../../config/schema.js';
import { invalidEnvelope, openAiUrl, postJson, type ServerContext } from '../http.js';
import { runChatJson, type ChatCompletion } from './chat-json.js';
import type { ChatJsonRequest, ChatMessage, LlmClient, LlmResult } from './port.js';

const DEFAULT_SCHEMA_NAME = 'answer';

const chatResponseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          refusal: z.string().nullable().optional(),
        }),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative().optional(),
      completion_tokens: z.number().int().nonnegative().optional(),
    })
    .nullable()
    .optional(),
});

export class OpenAiLlmClient implements LlmClient {
  readonly provider = 'openai' as const;
  readonly model: string;
  private readonly ctx: ServerContext;

  constructor(
    private readonly config: LlmConfig,
    apiKey?: string,
  ) {
    this.model = config.model;
    this.ctx = {
      providerLabel: 'openai-compatible',
      baseUrl: config.baseUrl,
      model: config.model,
      configKey: 'llm',
      timeoutMs: config.timeoutMs,
      apiKey,
      notFoundHint: 'check llm.model against the server\'s GET /v1/models, and that llm.baseUrl is right',
      rejectedHint: 'if the server does not support response_format json_schema, set llm.jsonMode: json_object',
    };
  }

  chatJson<T>(request: ChatJsonRequest<T>): Promise<LlmResult<T>> {
    return runChatJson((messages, req) => this.send(messages, req), request, this.config.maxRetries);
  }

  private async send(messages: ChatMessage[], request: ChatJsonRequest<unknown>): Promise<ChatCompletion> {
    const url = openAiUrl(this.ctx.baseUrl, '/chat/completions');
    const reply = await postJson(this.ctx, url, this.body(messages, request));
    const parsed = chatResponseSchema.safeParse(reply.json);
    if (!parsed.success) invalidEnvelope(this.ctx, url, 'a chat completion without choices[0].message', parsed.error);
    const message = parsed.data.choices[0]!.message;
    return {
      text: message.content ?? null,
      refusal: message.refusal ?? null,
      promptTokens: parsed.data.usage?.prompt_tokens ?? null,
      completionTokens: parsed.data.usage?.completion_tokens ?? null,
      latencyMs: reply.latencyMs,
    };
  }

  private body(messages: ChatMessage[], request: ChatJsonRequest<unknown>): Record<string, unknown> {
    return {
      model: this.model,
      messages,
      response_format: this.responseFormat(request),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      // max_tokens, not max_completion_tokens: the one every compatible server understands.
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    };
  }

  private responseFormat(request: ChatJsonRequest<unknown>): Record<string, unknown> {
    if (this.config.jsonMode === 'json_object') return { type: 'json_object' };
    const name = request.schemaName ?? DEFAULT_SCHEMA_NAME;
    return { type: 'json_schema', json_schema: { name, schema: request.schema, strict: true } };
  }
}
