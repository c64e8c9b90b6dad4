import { describe, expect, it } from 'vitest';
import { joinUrl, openAiUrl, serverMessage } from './http.js';

describe('provider URLs', () => {
  it('joins a base URL (with or without a trailing slash or prefix) and a path', () => {
    expect(joinUrl('http://h:11434', '/api/chat')).toBe('http://h:11434/api/chat');
    expect(joinUrl('http://h:11434//', '/api/chat')).toBe('http://h:11434/api/chat');
    expect(joinUrl('https://proxy/ollama/', '/api/embed')).toBe('https://proxy/ollama/api/embed');
  });

  it('adds /v1 for OpenAI-compatible servers only when the base URL lacks it', () => {
    expect(openAiUrl('http://h:8000', '/embeddings')).toBe('http://h:8000/v1/embeddings');
    expect(openAiUrl('http://h:8000/v1', '/embeddings')).toBe('http://h:8000/v1/embeddings');
    expect(openAiUrl('https://openrouter.ai/api/v1/', '/chat/completions')).toBe('https://openrouter.ai/api/v1/chat/completions');
  });
});

describe('serverMessage', () => {
  it("reads Ollama's {error} and OpenAI's {error: {message}}, else quotes the text", () => {
    expect(serverMessage('{"error":"model \\"x\\" not found"}')).toBe('model "x" not found');
    expect(serverMessage('{"error":{"message":"bad key","type":"invalid_request_error"}}')).toBe('bad key');
    expect(serverMessage('Bad Gateway\n')).toBe('Bad Gateway');
  });

  it('cuts long bodies', () => {
    expect(serverMessage('x'.repeat(1000)).length).toBeLessThanOrEqual(301);
  });
});
