import { afterEach, describe, expect, it } from 'vitest';
import { embedConfigSchema } from '../../config/schema.js';
import { expected, providerRejection, runEmbedderSuite } from '../../../test/conformance/embedder-suite.js';
import { DEFAULT_MODEL, startModelServer, type ModelServer } from '../../../test/support/model-server.js';
import { createEmbedder } from './create.js';

runEmbedderSuite('openai-compatible', ({ apiKey, ...s }) => createEmbedder(embedConfigSchema.parse({ provider: 'openai', ...s }), apiKey));

describe('openai-compatible embeddings: wire format', () => {
  let server: ModelServer | undefined;
  afterEach(async () => server?.close());
  const configFor = (baseUrl: string) => embedConfigSchema.parse({ provider: 'openai', model: DEFAULT_MODEL, baseUrl });

  it('posts { model, input: [...] } to /v1/embeddings, with or without /v1 in the base URL', async () => {
    server = await startModelServer();
    await createEmbedder(configFor(server.url)).embed(['one']);
    await createEmbedder(configFor(`${server.url}/v1/`)).embed(['two']);
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/embeddings'],
      ['POST', '/v1/embeddings'],
    ]);
    expect(server.requests[0]!.body).toEqual({ model: DEFAULT_MODEL, input: ['one'] });
  });

  it('places vectors by their index, not by their position in data', async () => {
    server = await startModelServer({ embed: () => ({ reversed: true }) });
    const texts = ['first', 'second', 'third'];
    const vectors = await createEmbedder(configFor(server.url)).embed(texts);
    expect(vectors).toEqual(texts.map((text) => expected(text)));
  });

  it('rejects data whose indices are not 0..n-1 once each', async () => {
    const data = [
      { object: 'embedding', index: 0, embedding: [1, 0] },
      { object: 'embedding', index: 0, embedding: [0, 1] },
    ];
    server = await startModelServer({ embed: () => ({ status: 200, body: { object: 'list', data } }) });
    const error = await providerRejection(createEmbedder(configFor(server.url)).embed(['a', 'b']));
    expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
  });
});
