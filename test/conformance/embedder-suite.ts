// The behaviour every Embedder must show against a real-protocol server, whatever the
// provider: order-preserving batches, truncation, dimension checks, and typed, prompt
// failures that say which server and model. Run once per provider.

import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/core/errors.js';
import { HttpStatusError, RequestTimeoutError } from '../../src/providers/http.js';
import type { Embedder } from '../../src/providers/embed/port.js';
import {
  DEFAULT_MODEL,
  hashEmbedding,
  refusedUrl,
  startModelServer,
  type EmbedReply,
  type ModelServer,
  type ModelServerBehaviour,
} from '../support/model-server.js';

export interface EmbedSuiteSettings {
  baseUrl: string;
  model: string;
  timeoutMs: number;
  batchSize: number;
  maxInputChars: number;
  apiKey?: string;
}

const DIMENSIONS = 16;

/** Runs `promise`, expecting a ProviderError; returns it (fails the test when it resolves). */
export async function providerRejection(promise: Promise<unknown>): Promise<ProviderError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ProviderError);
  return outcome as ProviderError;
}

export function expected(text: string, dimensions = DIMENSIONS): Float32Array {
  return Float32Array.from(hashEmbedding(text, dimensions));
}

export function runEmbedderSuite(name: string, makeEmbedder: (settings: EmbedSuiteSettings) => Embedder): void {
  describe(`Embedder conformance: ${name}`, () => {
    const servers: ModelServer[] = [];
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
    });
    const serve = async (behaviour: ModelServerBehaviour = {}): Promise<ModelServer> => {
      const server = await startModelServer(behaviour);
      servers.push(server);
      return server;
    };
    const embedder = (baseUrl: string, settings: Partial<EmbedSuiteSettings> = {}): Embedder =>
      makeEmbedder({ baseUrl, model: DEFAULT_MODEL, timeoutMs: 5_000, batchSize: 64, maxInputChars: 8192, ...settings });

    it('returns one Float32Array per text, equal to what the server sent, in input order', async () => {
      const server = await serve();
      const texts = ['def retry(): pass', 'class Backoff:', 'import time'];
      const vectors = await embedder(server.url).embed(texts);
      expect(vectors).toHaveLength(3);
      vectors.forEach((vector, i) => {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector).toEqual(expected(texts[i]!));
      });
      expect(server.embedCalls[0]).toMatchObject({ model: DEFAULT_MODEL, input: texts });
    });

    it('sends batches of batchSize and keeps the order across batches', async () => {
      const server = await serve();
      const texts = ['a', 'b', 'c', 'd', 'e'];
      const vectors = await embedder(server.url, { batchSize: 2 }).embed(texts);
      expect(server.embedCalls.map((call) => call.input)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
      expect(vectors).toEqual(texts.map((text) => expected(text)));
    });

    it('makes no request for an empty list', async () => {
      const server = await serve();
      expect(await embedder(server.url).embed([])).toEqual([]);
      expect(server.requests).toHaveLength(0);
    });

    it('dimensions(): one probe request before any embed, then cached', async () => {
      const server = await serve({ dimensions: 24 });
      const model = embedder(server.url);
      expect(await model.dimensions()).toBe(24);
      expect(await model.dimensions()).toBe(24);
      expect(server.embedCalls).toHaveLength(1);
    });

    it('dimensions(): no request after an embed', async () => {
      const server = await serve({ dimensions: 12 });
      const model = embedder(server.url);
      await model.embed(['x']);
      expect(await model.dimensions()).toBe(12);
      expect(server.embedCalls).toHaveLength(1);
    });

    it('cuts texts longer than maxInputChars and sends an empty text as one space', async () => {
      const server = await serve();
      const vectors = await embedder(server.url, { maxInputChars: 10 }).embed(['abcdefghijKLMNOP', '', 'short']);
      expect(server.embedCalls[0]!.input).toEqual(['abcdefghij', ' ', 'short']);
      expect(vectors[0]).toEqual(expected('abcdefghij'));
    });

    it('rejects vectors of different lengths within one answer', async () => {
      const server = await serve({ embed: () => ({ vectors: [[1, 0], [1, 0, 0]] }) });
      const error = await providerRejection(embedder(server.url).embed(['a', 'b']));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(error.message).toContain(`"${DEFAULT_MODEL}"`);
    });

    it('rejects a later batch whose dimension differs from the first', async () => {
      const server = await serve({ embed: (call) => ({ vectors: call.input.map(() => (call.index === 0 ? [1, 0] : [1, 0, 0])) }) });
      const error = await providerRejection(embedder(server.url, { batchSize: 1 }).embed(['a', 'b']));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
      expect(server.embedCalls).toHaveLength(2);
    });

    it('rejects an answer with the wrong number of vectors', async () => {
      const server = await serve({ embed: () => ({ vectors: [[1, 0]] }) });
      const error = await providerRejection(embedder(server.url).embed(['a', 'b']));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
    });

    it('rejects vectors with non-numeric entries', async () => {
      const server = await serve({ embed: () => ({ vectors: [['0.5', 1] as unknown as number[]] }) });
      const error = await providerRejection(embedder(server.url).embed(['a']));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
    });

    it('times out a server that does not answer, and one that stalls after the headers', async () => {
      const slow = await serve({ embed: () => ({ delayMs: 10_000 }) });
      const stalled = await serve({ embed: () => ({ stallBodyMs: 10_000 }) });
      const started = Date.now();
      for (const server of [slow, stalled]) {
        const error = await providerRejection(embedder(server.url, { timeoutMs: 200 }).embed(['a']));
        expect(error.code).toBe('PROVIDER_UNAVAILABLE');
        expect(error.cause).toBeInstanceOf(RequestTimeoutError);
        expect(error.message).toContain(server.url);
      }
      expect(Date.now() - started).toBeLessThan(4_000);
    });

    it('reports a refused connection as PROVIDER_UNAVAILABLE with the URL and a hint', async () => {
      const url = await refusedUrl();
      const error = await providerRejection(embedder(url).embed(['a']));
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(error.message).toContain(url);
      expect(error.hint).toContain('embed.baseUrl');
    });

    it('reports HTTP 5xx as PROVIDER_UNAVAILABLE, stopping at the failing batch', async () => {
      const server = await serve({ embed: (call): EmbedReply => (call.index === 1 ? { status: 500 } : {}) });
      const error = await providerRejection(embedder(server.url, { batchSize: 1 }).embed(['a', 'b', 'c']));
      expect(error.code).toBe('PROVIDER_UNAVAILABLE');
      expect((error.cause as HttpStatusError).status).toBe(500);
      expect(error.hint).toContain("server's own log");
      expect(server.embedCalls).toHaveLength(2);
    });

    it('names the model when the server does not have it (404)', async () => {
      const server = await serve({ models: ['nomic-embed-text'] });
      const error = await providerRejection(embedder(server.url, { model: 'missing-embedder' }).embed(['a']));
      expect(error.message).toContain('"missing-embedder"');
      expect((error.cause as HttpStatusError).status).toBe(404);
    });

    it('sends Authorization: Bearer <key> when a key is given, and no header without one', async () => {
      const keyed = await serve({ apiKey: 'sk-embed' });
      await embedder(keyed.url, { apiKey: 'sk-embed' }).embed(['a']);
      expect(keyed.requests[0]!.headers.authorization).toBe('Bearer sk-embed');
      const open = await serve();
      await embedder(open.url).embed(['a']);
      expect(open.requests[0]!.headers.authorization).toBeUndefined();
      const error = await providerRejection(embedder(keyed.url).embed(['a']));
      expect((error.cause as HttpStatusError).status).toBe(401);
    });

    it('treats a 200 that is not the protocol as PROVIDER_INVALID_RESPONSE', async () => {
      const server = await serve({ embed: () => ({ status: 200, body: { vectors: [[1]] } }) });
      const error = await providerRejection(embedder(server.url).embed(['a']));
      expect(error.code).toBe('PROVIDER_INVALID_RESPONSE');
    });
  });
}
