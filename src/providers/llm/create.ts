// The one place an LlmClient is chosen from configuration. The API key is a value the
// caller read (config/load is the only reader of env); this module reads nothing itself.

import type { LlmConfig } from '../../config/schema.js';
import { OllamaLlmClient } from './ollama.js';
import { OpenAiLlmClient } from './openai.js';
import type { LlmClient } from './port.js';

export function createLlmClient(config: LlmConfig, apiKey?: string): LlmClient {
  switch (config.provider) {
    case 'ollama':
      return new OllamaLlmClient(config, apiKey);
    case 'openai':
      return new OpenAiLlmClient(config, apiKey);
  }
}
