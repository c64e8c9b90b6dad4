// The stores of one repository, as an adapter opens them: the seam where the composition
// root chooses the adapter (app/stores.ts: SQLite files in the index directory, or the
// PostgreSQL tables for shared state and published index generations, app/pg-stores.ts). Everything above it — the serve runtime, the
// operations, the one-shot commands — opens stores through this, never through an adapter.

import { NotFoundError } from '../core/errors.js';
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
  /**
   * Episode memory. `create` (the default) makes it, and the index directory, when absent;
   * `existing` is for what only reads it, which says there is no memory yet (NotFoundError,
   * `noMemoryYet`) rather than create an empty one.
   */
  memory(mode?: MemoryMode): MemoryStore;
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

export type MemoryMode = 'create' | 'existing';

/** What a reader of episode memory is told before the first episode was recorded. */
export function noMemoryYet(indexDir: string): NotFoundError {
  return new NotFoundError(`no episode memory in ${indexDir} yet`, { hint: '`cairn hydrate QUERY --conversation ID` records the first episode' });
}
