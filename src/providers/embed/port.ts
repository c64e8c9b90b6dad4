// The embedding port: texts in, one vector per text out, in the same order. Used for the
// optional vector side of hybrid search; vectors are cached by content hash by the caller.

export type EmbedProvider = 'ollama' | 'openai';

export interface Embedder {
  readonly provider: EmbedProvider;
  readonly model: string;
  /**
   * Length of this model's vectors. Known after the first `embed`; before that it costs
   * one request embedding a short probe text. Cached for the embedder's lifetime.
   */
  dimensions(): Promise<number>;
  /**
   * One vector per text, in input order, sent in batches of the configured batchSize.
   * Texts longer than maxInputChars are cut to that length first; an empty text is sent as
   * a single space (OpenAI rejects empty strings). Throws ProviderError: PROVIDER_UNAVAILABLE
   * when the server cannot be used, PROVIDER_INVALID_RESPONSE when it answers with the
   * wrong number of vectors, vectors of differing lengths, or non-numbers.
   */
  embed(texts: string[]): Promise<Float32Array[]>;
}
