// The provider-independent half of `chatJson`: build the prompt, send it through a
// provider's transport, parse and validate the answer, and on a bad answer retry with a
// corrective message that quotes the answer and what was wrong with it.

import { ProviderError, describeError } from '../../core/errors.js';
import { LlmCallError, type ChatJsonRequest, type ChatMessage, type LlmAttempt, type LlmResult } from './port.js';

/** One answer from a server, reduced to what the retry loop and the raw log need. */
export interface ChatCompletion {
  /** The assistant's text; null when the server sent none (e.g. an OpenAI refusal). */
  text: string | null;
  /** Why there is no text, when the server said (a refusal message). */
  refusal: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
}

/** Sends the messages with the request's schema and options; throws ProviderError on transport failure. */
export type ChatTransport = (messages: ChatMessage[], request: ChatJsonRequest<unknown>) => Promise<ChatCompletion>;

/** Longest validation error quoted back to the model; a zod error over a big answer can be huge. */
const CORRECTION_ERROR_LIMIT = 2000;

export async function runChatJson<T>(
  send: ChatTransport,
  request: ChatJsonRequest<T>,
  maxRetries: number,
): Promise<LlmResult<T>> {
  const messages = initialMessages(request);
  const attempts: LlmAttempt[] = [];
  for (let attempt = 0; attempt <= maxRetries; attempt += 1) {
    const sent = messages.map((message) => ({ ...message }));
    let completion: ChatCompletion;
    const started = performance.now();
    try {
      completion = await send(sent, request as ChatJsonRequest<unknown>);
    } catch (error) {
      attempts.push(failedAttempt(sent, error, Math.round(performance.now() - started)));
      throw withAttempts(error, attempts);
    }
    const outcome = interpret(completion, request.validate);
    attempts.push(recordAttempt(sent, completion, outcome.ok ? null : outcome.error));
    if (outcome.ok) return { value: outcome.value, attempts };
    messages.push(
      { role: 'assistant', content: completion.text ?? completion.refusal ?? '' },
      { role: 'user', content: correction(outcome.error) },
    );
  }
  const last = attempts[attempts.length - 1]?.error ?? 'no attempt made';
  throw new LlmCallError(
    'PROVIDER_INVALID_RESPONSE',
    `the model gave no acceptable JSON answer in ${attempts.length} attempt(s); last problem: ${last}`,
    attempts,
    { hint: 'try a stronger model, raise llm.maxRetries, or check the server supports structured output' },
  );
}

/**
 * The schema also goes into the system prompt: servers in json_object mode do not see it
 * otherwise, and Ollama's docs advise it even with `format` set, to ground the answer.
 */
export function initialMessages(request: ChatJsonRequest<unknown>): ChatMessage[] {
  const system =
    `${request.system}\n\nAnswer with a single JSON value that matches this JSON Schema, and nothing else:\n` +
    JSON.stringify(request.schema);
  return [
    { role: 'system', content: system },
    { role: 'user', content: request.user },
  ];
}

export function correction(error: string): string {
  const quoted = error.length > CORRECTION_ERROR_LIMIT ? `${error.slice(0, CORRECTION_ERROR_LIMIT)}…` : error;
  return (
    `Your previous answer was not acceptable: ${quoted}\n` +
    'Answer again with only the corrected JSON value, matching the JSON Schema in the system message.'
  );
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

function interpret<T>(completion: ChatCompletion, validate: (value: unknown) => T): Outcome<T> {
  if (completion.text === null) {
    const why = completion.refusal === null ? 'the answer had no content' : `the model refused: ${completion.refusal}`;
    return { ok: false, error: why };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(completion.text);
  } catch (error) {
    return { ok: false, error: `the answer is not valid JSON (${oneLine(describeError(error))})` };
  }
  try {
    return { ok: true, value: validate(parsed) };
  } catch (error) {
    return { ok: false, error: `the JSON does not match the schema: ${oneLine(describeError(error))}` };
  }
}

/**
 * Problems are quoted to the model in the retry and to the user in the final error: one
 * line each, and bounded (a parser may quote the whole answer back).
 */
const PROBLEM_CHARS = 300;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PROBLEM_CHARS ? `${flat.slice(0, PROBLEM_CHARS)}…` : flat;
}

function recordAttempt(messages: ChatMessage[], completion: ChatCompletion, error: string | null): LlmAttempt {
  return {
    messages,
    responseText: completion.text ?? completion.refusal,
    latencyMs: completion.latencyMs,
    promptTokens: completion.promptTokens,
    completionTokens: completion.completionTokens,
    error,
  };
}

function failedAttempt(messages: ChatMessage[], error: unknown, latencyMs: number): LlmAttempt {
  return { messages, responseText: null, latencyMs, promptTokens: null, completionTokens: null, error: describeError(error) };
}

/** Re-raises a transport failure with the attempts so far, keeping its code, hint and cause. */
function withAttempts(error: unknown, attempts: LlmAttempt[]): unknown {
  if (!(error instanceof ProviderError)) return error;
  const code = error.code === 'PROVIDER_INVALID_RESPONSE' ? 'PROVIDER_INVALID_RESPONSE' : 'PROVIDER_UNAVAILABLE';
  return new LlmCallError(code, error.message, attempts, { hint: error.hint, cause: error.cause });
}
