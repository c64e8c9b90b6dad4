// What the serve runtime is handed by the composition root (app/serve.ts): every store and
// model client it opens, through functions, so that the runtime — generations, leases,
// refreshes, the watcher — never constructs an adapter and never knows which one it runs
// on. The root's `serveWiring` is the SQLite one today; another adapter is another wiring.

import type { LlmConfig } from '../config/schema.js';
import type { LineHistoryReader } from '../core/line-history.js';
import type { RepoContext } from '../config/repo-context.js';
import type { DiagnosticsAccess } from '../operations/handle.js';
import type { IndexProgress, IndexSummary } from '../indexer/index-repository.js';
import type { MemoryLog, MemoryPorts } from '../memory/ports.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import type { RepositoryVisibility } from '../diagnostics/run-directory.js';
import type { Ranker } from '../search/rank/types.js';
import type { CuratedReader } from '../store/curated.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import type { FailureMemoryReader } from '../store/failures.js';
import type { RepoStores } from '../store/repo-stores.js';
import type { TokenCounter } from '../tokenizer/tokens.js';

/** Runs one index run of the repository to its end, reporting progress; rejects with the run's typed error. */
export type IndexRunner = (context: RepoContext, onProgress: (progress: IndexProgress) => void) => Promise<IndexSummary>;

export interface ServeWiring {
  stores(context: RepoContext): RepoStores;
  /** The index at its last complete state, waiting for an update under way (app/readers.ts). */
  openCompleteReader(context: RepoContext): Promise<CuratedReader>;
  /** The index whatever its state; INDEX_MISSING (saying so when one is being built) when there is none. */
  openOrExplain(context: RepoContext): CuratedReader;
  /** cairn's ranker, with vectors when `embed` is configured. */
  openRanker(context: RepoContext, env: NodeJS.ProcessEnv): { ranker: Ranker; close(): void };
  /** The promoted file summaries of `cairn enrich`, read-only; null while the index has none. */
  openEnrichment(context: RepoContext): EnrichmentReader | null;
  /** What commits changed inside a definition's lines (the historical section's diffs), read from the repository's git. */
  lineHistory(context: RepoContext): LineHistoryReader;
  /** The model client of `llm`, or null. */
  modelPort(llm: LlmConfig | null, env: NodeJS.ProcessEnv): Promise<RetrievalPorts['llm']>;
  /** The ports every memory service takes but the store and the pipeline. */
  memoryBase(context: RepoContext, reader: CuratedReader, log: MemoryLog, counter: TokenCounter): Omit<MemoryPorts, 'store'>;
  /** A diagnosis's ports over the index reader and the failure memory the caller holds (and closes). */
  diagnostics(context: RepoContext, reader: CuratedReader, failures: () => FailureMemoryReader): DiagnosticsAccess;
  agentVisibility(context: RepoContext): RepositoryVisibility;
  /** An index run in this thread. */
  runIndex: IndexRunner;
}
