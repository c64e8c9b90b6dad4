// Ollama's embedding API: POST /api/embed { model, input: [...] } → { embeddings: [[...]] },
// one vector per input in input order. (The older /api/embeddings takes one prompt at a time.)

import type { EmbedConfig } from '../../config/schema.js';
import { invalidEnvelope, isRecord, joinUrl, postJson, type ServerContext } from '../http.js';
import { BatchingEmbedder } from './batching.js';

export function createOllamaEmbedder(config: EmbedConfig, apiKey?: string): BatchingEmbedder {
  const ctx: ServerContext = {
    providerLabel: 'ollama',
    baseUrl: config.baseUrl,
    model: config.model,
    configKey: 'embed',
    timeoutMs: config.timeoutMs,
    apiKey,
    notFoundHint: `run "ollama pull ${config.model}" on the server, or fix embed.model / embed.baseUrl`,
    rejectedHint: `check that "${config.model}" is an embedding model; lower embed.maxInputChars if inputs are too long`,
  };
  const url = joinUrl(config.baseUrl, '/api/embed');
  return new BatchingEmbedder({
    provider: 'ollama',
    model: config.model,
    batchSize: config.batchSize,
    maxInputChars: config.maxInputChars,
    serverName: `the ollama server at ${config.baseUrl}`,
    embedBatch: async (inputs) => {
      const reply = await postJson(ctx, url, { model: config.model, input: inputs });
      const embeddings = isRecord(reply.json) ? reply.json['embeddings'] : undefined;
      if (!Array.isArray(embeddings)) return invalidEnvelope(ctx, url, 'a body without an "embeddings" array');
      return embeddings;
    },
  });
}
