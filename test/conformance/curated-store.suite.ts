// The curated-store conformance suite: every adapter of CuratedReader / IndexWriter runs
// it (Hono's `runTest({ newRouter })` idea). The opener returns a fresh, empty store.

import type { CuratedReader, IndexWriter } from '../../src/store/curated.js';
import { describeFileMeta } from './curated/file-meta.js';
import { describeGraph } from './curated/graph.js';
import { describeHistory } from './curated/history.js';
import { describeLifecycle } from './curated/lifecycle.js';
import { describeReads } from './curated/reads.js';
import { describeSearch } from './curated/search.js';

export interface CuratedStoreHarness {
  writer: IndexWriter;
  /** A new read-only view on the same store (a separate connection where that exists). */
  openReader(): CuratedReader;
  /** Opens the writer again after `writer.close()`, to check what persisted. */
  reopenWriter(): IndexWriter;
  cleanup(): Promise<void>;
}

export interface CuratedStoreOptions {
  /** Clock for indexedAt. */
  now: () => number;
}

export type OpenCuratedStore = (options: CuratedStoreOptions) => Promise<CuratedStoreHarness>;

export function runCuratedStoreSuite(name: string, open: OpenCuratedStore): void {
  describeReads(name, open);
  describeGraph(name, open);
  describeSearch(name, open);
  describeHistory(name, open);
  describeLifecycle(name, open);
  describeFileMeta(name, open);
}
