// The one place an Embedder is chosen from configuration. The API key is a value the
// caller read (config/load is the only reader of env); this module reads nothing itself.

import type { EmbedConfig } from '../../config/schema.js';
import { createOllamaEmbedder } from './ollama.js';
import { createOpenAiEmbedder } from './openai.js';
import type { Embedder } from './port.js';

export function createEmbedder(config: EmbedConfig, apiKey?: string): Embedder {
  switch (config.provider) {
    case 'ollama':
      return createOllamaEmbedder(config, apiKey);
    case 'openai':
      return createOpenAiEmbedder(config, apiKey);
  }
}
