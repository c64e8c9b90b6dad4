// The pipeline's one door to a model: a strict-JSON call whose every attempt (prompt,
// answer, latency, tokens, why it was rejected) goes to the raw log, and whose failure is
// either a clear error or a logged fallback — as the user chose in `llm.onError`. After a
// failure the model is not asked again in the same run: a dead server would otherwise cost
// a full timeout at every stage.

import { LlmCallError, type ChatJsonRequest, type LlmAttempt, type LlmClient } from '../../providers/llm/port.js';
import type { RunLog } from '../../runlog/run-log.js';

export type ModelErrorPolicy = 'fail' | 'fallback';

export interface ModelGateway {
  readonly provider: string;
  readonly model: string;
  readonly onError: ModelErrorPolicy;
  /**
   * Asks the model; null when it failed and the policy is 'fallback' (the failure is
   * logged as an info entry), and without asking once it has failed in this run; with
   * 'fail' the LlmCallError is thrown.
   */
  ask<T>(stage: string, purpose: string, request: ChatJsonRequest<T>): Promise<T | null>;
  /** After a fallback: one line saying the model failed and what was used instead; null otherwise. */
  fallbackNote(): string | null;
}

export function modelGateway(client: LlmClient, onError: ModelErrorPolicy, log: RunLog): ModelGateway {
  let failure: { stage: string; error: LlmCallError } | null = null;
  return {
    provider: client.provider,
    model: client.model,
    onError,
    fallbackNote: () =>
      failure === null
        ? null
        : `model ${client.model} (${client.provider}) failed at the ${failure.stage} stage (${failure.error.message}); ` +
          'the deterministic judgement was used from there on (llm.onError: fallback)',
    async ask<T>(stage: string, purpose: string, request: ChatJsonRequest<T>): Promise<T | null> {
      if (failure !== null) {
        log.write('info', stage, { event: 'model-skipped', purpose, message: `not asked: the model failed earlier in this run (${failure.stage})` });
        return null;
      }
      try {
        const result = await client.chatJson(request);
        logAttempts(log, stage, purpose, client, result.attempts, true);
        return result.value;
      } catch (error) {
        if (!(error instanceof LlmCallError)) throw error;
        logAttempts(log, stage, purpose, client, error.attempts, false);
        if (onError === 'fail') throw error;
        failure = { stage, error };
        log.write('info', stage, {
          event: 'model-fallback',
          purpose,
          code: error.code,
          message: `${error.message}; deterministic judgement used instead (llm.onError: fallback)`,
        });
        return null;
      }
    },
  };
}

function logAttempts(log: RunLog, stage: string, purpose: string, client: LlmClient, attempts: LlmAttempt[], succeeded: boolean): void {
  log.writeMany(
    'llm_call',
    stage,
    attempts.map((attempt, index) => ({
      purpose,
      provider: client.provider,
      model: client.model,
      attempt: index + 1,
      accepted: succeeded && index === attempts.length - 1,
      messages: attempt.messages,
      response: attempt.responseText,
      latencyMs: attempt.latencyMs,
      promptTokens: attempt.promptTokens,
      completionTokens: attempt.completionTokens,
      error: attempt.error,
    })),
  );
}
