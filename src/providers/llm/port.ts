// The LLM port: one call, "answer this with JSON matching that schema", used for the
// judgement calls cairn may delegate to a model. Every attempt (prompt, raw answer, latency,
// tokens, why it was rejected) is returned, so the caller can write each one to the raw log.

import { ProviderError, type CairnErrorOptions } from '../../core/errors.js';

export type LlmProvider = 'ollama' | 'openai';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON Schema object, passed to the server as is. */
export type JsonSchema = Record<string, unknown>;

export interface ChatJsonRequest<T> {
  system: string;
  user: string;
  /**
   * What the answer must look like. With OpenAI's strict mode every object needs
   * `additionalProperties: false` and every property listed in `required`.
   */
  schema: JsonSchema;
  /** Turns the parsed JSON into T or throws (e.g. a zod `parse`); its error text is shown to the model on retry. */
  validate: (value: unknown) => T;
  /** Schema name for OpenAI's `json_schema` (letters, digits, `_`, `-`; at most 64). Default "answer". */
  schemaName?: string;
  temperature?: number;
  maxTokens?: number;
}

export interface LlmAttempt {
  /** The messages exactly as sent. */
  messages: ChatMessage[];
  /** The model's answer text; null when the request failed before an answer arrived. */
  responseText: string | null;
  latencyMs: number;
  /** As reported by the server (Ollama prompt_eval_count / eval_count, OpenAI usage); null when not reported. */
  promptTokens: number | null;
  completionTokens: number | null;
  /** Why this attempt was not accepted (bad JSON, schema mismatch, transport failure); null when accepted. */
  error: string | null;
}

export interface LlmResult<T> {
  value: T;
  attempts: LlmAttempt[];
}

export interface LlmClient {
  readonly provider: LlmProvider;
  readonly model: string;
  /**
   * Asks for strict JSON, parses and validates it, and retries with a corrective message
   * (up to the configured maxRetries). Throws LlmCallError: PROVIDER_UNAVAILABLE when the
   * server cannot be used, PROVIDER_INVALID_RESPONSE when no attempt was acceptable.
   */
  chatJson<T>(request: ChatJsonRequest<T>): Promise<LlmResult<T>>;
}

/** A ProviderError that also carries every attempt made, for the raw log. */
export class LlmCallError extends ProviderError {
  readonly attempts: LlmAttempt[];

  constructor(
    code: 'PROVIDER_UNAVAILABLE' | 'PROVIDER_INVALID_RESPONSE',
    message: string,
    attempts: LlmAttempt[],
    options?: CairnErrorOptions,
  ) {
    super(code, message, options);
    this.name = 'LlmCallError';
    this.attempts = attempts;
  }
}
