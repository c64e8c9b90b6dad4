// Per-test setup shared by the curated-store sub-suites: a fresh store (seeded with the
// sample repository unless asked otherwise), readers closed after each test, a settable clock.

import { afterEach, beforeEach } from 'vitest';
import type { CuratedReader, IndexWriter } from '../../../src/store/curated.js';
import type { CuratedStoreHarness, OpenCuratedStore } from '../curated-store.suite.js';
import { seedSample } from '../fixtures.js';

export interface CuratedContext {
  harness: CuratedStoreHarness;
  /** The current writer (replaced by `reopenWriter`). */
  writer: IndexWriter;
  /** Opens a reader that is closed after the test. */
  reader(): CuratedReader;
  reopenWriter(): IndexWriter;
  clock: { now: number };
}

export function useCuratedStore(open: OpenCuratedStore, options: { seed: boolean } = { seed: true }): () => CuratedContext {
  let context: CuratedContext | null = null;
  const readers: CuratedReader[] = [];
  beforeEach(async () => {
    const clock = { now: 1_700_000_000_000 };
    const harness = await open({ now: () => clock.now });
    if (options.seed) seedSample(harness.writer);
    const ctx: CuratedContext = {
      harness,
      writer: harness.writer,
      clock,
      reader: () => {
        const reader = harness.openReader();
        readers.push(reader);
        return reader;
      },
      reopenWriter: () => {
        ctx.writer = harness.reopenWriter();
        return ctx.writer;
      },
    };
    context = ctx;
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    context?.writer.close();
    await context?.harness.cleanup();
    context = null;
  });
  return () => {
    if (context === null) throw new Error('store used outside a test');
    return context;
  };
}
