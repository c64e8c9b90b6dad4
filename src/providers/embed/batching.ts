// The provider-independent half of an Embedder: input preparation (truncation), batching,
// and the checks every answer must pass (one vector per input, one length, finite numbers),
// so a misbehaving server can never slip a malformed vector into the index.

import { ProviderError } from '../../core/errors.js';
import type { EmbedProvider, Embedder } from './port.js';

/** Sends one batch; returns the vectors in input order. Throws ProviderError on failure. */
export type EmbedBatch = (inputs: string[]) => Promise<unknown[]>;

export interface BatchingEmbedderOptions {
  provider: EmbedProvider;
  model: string;
  batchSize: number;
  maxInputChars: number;
  /** "the ollama server at http://…", for messages. */
  serverName: string;
  embedBatch: EmbedBatch;
}

/** Embedded once, when dimensions() is asked before any embed(). */
const DIMENSION_PROBE = 'dimension probe';

export class BatchingEmbedder implements Embedder {
  readonly provider: EmbedProvider;
  readonly model: string;
  private knownDimensions: number | null = null;

  constructor(private readonly options: BatchingEmbedderOptions) {
    this.provider = options.provider;
    this.model = options.model;
  }

  async dimensions(): Promise<number> {
    if (this.knownDimensions === null) await this.embed([DIMENSION_PROBE]);
    return this.knownDimensions!;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const inputs = texts.map((text) => prepareInput(text, this.options.maxInputChars));
    const out: Float32Array[] = [];
    for (let start = 0; start < inputs.length; start += this.options.batchSize) {
      const batch = inputs.slice(start, start + this.options.batchSize);
      const raw = await this.options.embedBatch(batch);
      for (const vector of this.checked(raw, batch.length, start)) out.push(vector);
    }
    return out;
  }

  private checked(raw: unknown[], expected: number, offset: number): Float32Array[] {
    if (raw.length !== expected) {
      this.invalid(`${raw.length} vectors for ${expected} inputs (batch starting at input ${offset})`);
    }
    return raw.map((vector, i) => {
      const where = `input ${offset + i}`;
      if (!Array.isArray(vector) || vector.length === 0) this.invalid(`no vector for ${where}`);
      if (!vector.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        this.invalid(`a vector with non-numeric entries for ${where}`);
      }
      this.checkLength(vector.length, where);
      return Float32Array.from(vector as number[]);
    });
  }

  private checkLength(length: number, where: string): void {
    if (this.knownDimensions === null) {
      this.knownDimensions = length;
    } else if (length !== this.knownDimensions) {
      this.invalid(`a ${length}-dimensional vector for ${where}, after ${this.knownDimensions}-dimensional ones`);
    }
  }

  private invalid(what: string): never {
    throw new ProviderError(
      'PROVIDER_INVALID_RESPONSE',
      `${this.options.serverName} returned ${what} (model "${this.model}")`,
      { hint: `check that "${this.model}" is an embedding model and that nothing else answers at that address` },
    );
  }
}

/**
 * Truncation policy: cut to at most `maxChars` UTF-16 units, never splitting a surrogate
 * pair. Characters, not tokens, because the limit must hold before any tokenizer of the
 * server's model is known; the default (8192) stays under common 2k–8k-token windows for
 * code. An empty text becomes one space, since OpenAI-compatible servers reject "".
 */
export function prepareInput(text: string, maxChars: number): string {
  if (text.length === 0) return ' ';
  if (text.length <= maxChars) return text;
  const lastKept = text.charCodeAt(maxChars - 1);
  const splitsPair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return text.slice(0, splitsPair ? maxChars - 1 : maxChars);
}
