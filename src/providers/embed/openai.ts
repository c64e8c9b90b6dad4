// OpenAI-compatible embeddings: POST {baseUrl}/v1/embeddings { model, input: [...] } →
// { data: [{ index, embedding }] }. The spec does not promise data in input order, so the
// vectors are placed by `index`, and every index 0..n-1 must appear exactly once.

import type { EmbedConfig } from '../../config/schema.js';
import { ProviderError } from '../../core/errors.js';
import { invalidEnvelope, isRecord, openAiUrl, postJson, type ServerContext } from '../http.js';
import { BatchingEmbedder } from './batching.js';

export function createOpenAiEmbedder(config: EmbedConfig, apiKey?: string): BatchingEmbedder {
  const ctx: ServerContext = {
    providerLabel: 'openai-compatible',
    baseUrl: config.baseUrl,
    model: config.model,
    configKey: 'embed',
    timeoutMs: config.timeoutMs,
    apiKey,
    notFoundHint: "check embed.model against the server's GET /v1/models, and that embed.baseUrl is right",
    rejectedHint: `check that "${config.model}" is an embedding model; lower embed.maxInputChars or embed.batchSize if inputs are too long`,
  };
  const url = openAiUrl(config.baseUrl, '/embeddings');
  return new BatchingEmbedder({
    provider: 'openai',
    model: config.model,
    batchSize: config.batchSize,
    maxInputChars: config.maxInputChars,
    serverName: `the openai-compatible server at ${config.baseUrl}`,
    embedBatch: async (inputs) => {
      const reply = await postJson(ctx, url, { model: config.model, input: inputs });
      const data = isRecord(reply.json) ? reply.json['data'] : undefined;
      if (!Array.isArray(data)) return invalidEnvelope(ctx, url, 'a body without a "data" array');
      return placeByIndex(ctx, url, data, inputs.length);
    },
  });
}

function placeByIndex(ctx: ServerContext, url: string, data: unknown[], count: number): unknown[] {
  if (data.length !== count) return data; // the caller's count check names both numbers
  const placed: unknown[] = new Array<unknown>(count);
  const seen = new Set<number>();
  for (const item of data) {
    const index = isRecord(item) ? item['index'] : undefined;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || seen.has(index)) {
      throw new ProviderError(
        'PROVIDER_INVALID_RESPONSE',
        `the openai-compatible server at ${ctx.baseUrl} answered ${url} with data whose "index" values are not 0..${count - 1} once each (model "${ctx.model}")`,
        { hint: 'check that embed.baseUrl points at an OpenAI-compatible embeddings server' },
      );
    }
    seen.add(index);
    placed[index] = isRecord(item) ? item['embedding'] : undefined;
  }
  return placed;
}
