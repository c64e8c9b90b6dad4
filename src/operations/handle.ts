// The repository an operation works on, as ports. Two implementations, one contract:
//
// - the one-shot opener of the CLI (app/one-shot.ts): the index refreshed and opened for
//   this command, the other stores opened on first use, all closed when the command ends;
// - a served repository's leased index generation (serve/workspace.ts): one complete state
//   of the index, pinned for the request, over stores kept open across requests.
//
// An operation takes a handle and validated input and returns data; it never opens an
// adapter, never knows which face called it, and never reaches the serve runtime.

import type { RepoContext } from '../config/repo-context.js';
import type { DeepRetrievalPorts } from '../diagnostics/deep-retrieve.js';
import type { RepositoryVisibility } from '../diagnostics/run-directory.js';
import type { MemoryPorts } from '../memory/ports.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import type { RepoGraph } from '../search/graph/repo-graph.js';
import type { Ranker } from '../search/rank/types.js';
import type { CuratedReader } from '../store/curated.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import type { FailureMemory, FailureMemoryReader } from '../store/failures.js';
import type { MemoryStore } from '../store/memory.js';
import type { RawLog, RawLogEntry } from '../store/raw-log.js';

export type { RepoContext };

export interface DiagnosticsAccess {
  ports: DeepRetrievalPorts;
  /** Why the index or the failure memory is not used, when it is not. */
  notes: string[];
  close(): void;
}

export interface RepoHandle {
  readonly context: RepoContext;
  /** The complete index this call answers from (pinned: it does not move during the call). */
  reader(): CuratedReader;
  /** The retrieval pipeline's ports over that index. */
  retrieval(): RetrievalPorts;
  /** The promoted `cairn enrich` summaries (the pipeline's own), or null while there are none. */
  enrichment(): EnrichmentReader | null;
  /** The configured ranker (vectors when `embed` is set), or null for cairn's plain ranker. */
  ranker(): Ranker | null;
  /** The repository graph of that index, loaded on first use. */
  graph(): RepoGraph;
  rawLog(): RawLog;
  /**
   * Episode memory over that index; `existing` answers NOT_FOUND while no episode was ever
   * recorded, instead of creating the store.
   */
  memory(mode: 'create' | 'existing'): MemoryPorts;
  /** The episode store alone (reading recorded episodes needs no index). */
  memoryStore(mode: 'create' | 'existing'): MemoryStore;
  /** Runs `work` after every earlier call for the same conversation has ended. */
  inTurn<T>(conversationId: string, work: () => Promise<T>): Promise<T>;
  /**
   * The read-only ports of a diagnosis: the index when a complete one is there (never
   * built or waited for), the failure memory through a reader that creates nothing.
   */
  diagnostics(): DiagnosticsAccess;
  /** Appends a diagnosis's entries to the raw log; why it was not recorded, or null. */
  recordDiagnosis(entries: RawLogEntry[]): string | null;
  /** What an agent face may read of the repository (what the index could show, and `diagnostics.runFolders`). */
  agentVisibility(): RepositoryVisibility;
  /** The failure memory, for recording (created on first use). */
  failures(): FailureMemory;
  /** The failure memory, read-only. */
  failureReader(): FailureMemoryReader;
}
