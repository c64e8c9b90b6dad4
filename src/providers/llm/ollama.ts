// Ollama's native chat API: POST /api/chat with `stream: false` (Ollama streams by default)
// and `format` set to the JSON schema, which Ollama enforces while decoding (Ollama ≥ 0.5;
// `jsonMode: json_object` sends `format: "json"` for older servers).

import { z } from 'zod';
import type { LlmConfig } from '../../config/schema.js';
import { invalidEnvelope, joinUrl, postJson, type ServerContext } from '../http.js';
import { runChatJson, type ChatCompletion } from './chat-json.js';
import type { ChatJsonRequest, ChatMessage, LlmClient, LlmResult } from './port.js';

const chatResponseSchema = z.object({
  message: z.object({ content: z.string() }),
  // Ollama leaves prompt_eval_count out when the whole prompt came from its cache.
  prompt_eval_count: z.number().int().nonnegative().optional(),
  eval_count: z.number().int().nonnegative().optional(),
});

export class OllamaLlmClient implements LlmClient {
  readonly provider = 'ollama' as const;
  readonly model: string;
  private readonly ctx: ServerContext;

  constructor(
    private readonly config: LlmConfig,
    apiKey?: string,
  ) {
    this.model = config.model;
    this.ctx = {
      providerLabel: 'ollama',
      baseUrl: config.baseUrl,
      model: config.model,
      configKey: 'llm',
      timeoutMs: config.timeoutMs,
      apiKey,
      notFoundHint: `run "ollama pull ${config.model}" on the server, or fix llm.model / llm.baseUrl`,
      rejectedHint: 'an Ollama older than 0.5 does not take a JSON schema as format: upgrade it or set llm.jsonMode: json_object',
    };
  }

  chatJson<T>(request: ChatJsonRequest<T>): Promise<LlmResult<T>> {
    return runChatJson((messages, req) => this.send(messages, req), request, this.config.maxRetries);
  }

  private async send(messages: ChatMessage[], request: ChatJsonRequest<unknown>): Promise<ChatCompletion> {
    const url = joinUrl(this.ctx.baseUrl, '/api/chat');
    const reply = await postJson(this.ctx, url, this.body(messages, request));
    const parsed = chatResponseSchema.safeParse(reply.json);
    if (!parsed.success) invalidEnvelope(this.ctx, url, 'a chat response without message.content', parsed.error);
    return {
      text: parsed.data.message.content,
      refusal: null,
      promptTokens: parsed.data.prompt_eval_count ?? null,
      completionTokens: parsed.data.eval_count ?? null,
      latencyMs: reply.latencyMs,
    };
  }

  private body(messages: ChatMessage[], request: ChatJsonRequest<unknown>): Record<string, unknown> {
    const options: Record<string, number> = {};
    if (request.temperature !== undefined) options['temperature'] = request.temperature;
    if (request.maxTokens !== undefined) options['num_predict'] = request.maxTokens;
    return {
      model: this.model,
      messages,
      stream: false,
      format: this.config.jsonMode === 'json_object' ? 'json' : request.schema,
      ...(Object.keys(options).length > 0 ? { options } : {}),
    };
  }
}
