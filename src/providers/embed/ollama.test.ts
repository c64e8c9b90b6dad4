import { afterEach, describe, expect, it } from 'vitest';
import { embedConfigSchema } from '../../config/schema.js';
import { runEmbedderSuite } from '../../../test/conformance/embedder-suite.js';
import { DEFAULT_MODEL, startModelServer, type ModelServer } from '../../../test/support/model-server.js';
import { createEmbedder } from './create.js';

runEmbedderSuite('ollama', ({ apiKey, ...s }) => createEmbedder(embedConfigSchema.parse({ provider: 'ollama', ...s }), apiKey));

describe('ollama embeddings: wire format', () => {
  let server: ModelServer | undefined;
  afterEach(async () => server?.close());

  it('posts { model, input: [...] } to /api/embed', async () => {
    server = await startModelServer();
    const embedder = createEmbedder(embedConfigSchema.parse({ provider: 'ollama', model: DEFAULT_MODEL, baseUrl: server.url }));
    expect(embedder).toMatchObject({ provider: 'ollama', model: DEFAULT_MODEL });
    await embedder.embed(['one', 'two']);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/api/embed', body: { model: DEFAULT_MODEL, input: ['one', 'two'] } });
  });
});
