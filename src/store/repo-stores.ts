// The stores of one repository, as an adapter opens them: the seam where the composition
// root chooses the adapter (app/stores.ts: SQLite files in the index directory, or the
// PostgreSQL tables for shared state and published index generations, app/pg-stores.ts). Everything above it — the serve runtime, the
// operations, the one-shot commands — opens stores through this, never through an adapter.

import type { CuratedReader, IndexTargets, StoreLocation } from './curated.js';
import type { FailureMemory, FailureMemoryReader } from './failures.js';
import type { MemoryStore } from './memory.js';
import type { RawLog, RawLogUsage } from './raw-log.js';
import type { SessionStore } from './session.js';
import type { VectorIndex } from './vector.js';

export interface RepoStores {
  /** The curated index at its latest state; INDEX_MISSING when none was ever built. */
  reader(): CuratedReader;
  /** Whether an index was ever built here (nothing is opened). */
  hasIndex(): boolean;
  /** The raw log, kept under `log.maxBytes`. */
  rawLog(): RawLog;
  /** How big and how old the raw log is, read without opening it for writing. */
  rawLogUsage(): RawLogUsage;
  sessions(): SessionStore;
  /** Episode memory (created when absent). */
  memory(): MemoryStore;
  /** Whether episode memory was ever recorded here (nothing is created). */
  hasMemory(): boolean;
  failures(): FailureMemory;
  /** The failure memory, read-only (empty, and nothing created, when nothing was recorded). */
  failureReader(): FailureMemoryReader;
  vectors(): VectorIndex;
  /** Where an index run writes (the indexer's own targets for this adapter). */
  indexTargets: IndexTargets;
  storeLocation: StoreLocation;
  /**
   * The index is read from generations an indexer published (a shared store): a process
   * reading it never builds it, it moves to a newer generation when one is published.
   */
  published: boolean;
}
