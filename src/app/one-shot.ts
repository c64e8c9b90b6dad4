// Composition root, one-shot part: the repository handle (operations/handle.ts) a CLI command
// runs its operation on. The index is refreshed (unless asked not to) and opened at its last
// complete state for this command; every other store is opened on first use; `close` closes
// what was opened. The served faces get the same handle from a leased generation
// (serve/workspace.ts): one operation, whichever face called it.

import type { RepoContext } from '../config/repo-context.js';
import type { LlmConfig } from '../config/schema.js';
import type { MemoryLog, MemoryPorts } from '../memory/ports.js';
import type { RepoHandle } from '../operations/handle.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import { resolveStages } from '../retrieval/pipeline/settings.js';
import { loadRepoGraph } from '../search/graph/load-graph.js';
import type { RepoGraph } from '../search/graph/repo-graph.js';
import type { Ranker } from '../search/rank/types.js';
import type { CuratedReader } from '../store/curated.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import { openCompleteReader } from './readers.js';
import { openEnrichmentReader, openFailureMemory, openFailureReader, openMemoryStore, openRanker, openRawLog } from './stores.js';

export interface OneShotOptions {
  /** Refresh the index incrementally before opening it. */
  refresh: boolean;
  env: NodeJS.ProcessEnv;
  /**
   * `retrieval`: the pipeline's ports too (the fitting thread, sessions, the model client of
   * `llm`); `index`: the index alone; `none`: no index (commands that read only the raw log
   * or the memory store).
   */
  needs: 'retrieval' | 'index' | 'none';
  llm?: LlmConfig | null;
  /**
   * The wiring of episode memory and of diagnoses, loaded only for a command that uses it
   * (the indexer's extraction comes with memory's): `retrieve` never loads either.
   */
  uses?: { memory?: boolean; diagnostics?: boolean };
  /** Where episode memory logs (hydrate). */
  memoryLog?: MemoryLog;
  /** Called once when the command starts waiting for another process writing the index. */
  onWait?: (writer: number) => void;
}

export interface OneShotHandle extends RepoHandle {
  /** What the refresh could not do fully (IndexSummary.warnings), for the face to print. */
  readonly warnings: string[];
  close(): void;
}

const SILENT_MEMORY_LOG: MemoryLog = { info: () => undefined, warn: () => undefined, debug: () => undefined };

type MemoryWiring = typeof import('./memory.js');
type DiagnosticsWiring = typeof import('./diagnostics.js');

export async function openOneShot(context: RepoContext, options: OneShotOptions): Promise<OneShotHandle> {
  const wiring = {
    memory: options.uses?.memory ? await import('./memory.js') : null,
    diagnostics: options.uses?.diagnostics ? await import('./diagnostics.js') : null,
  };
  const { reader, retrieval, warnings, close } = await openIndex(context, options);
  return new OneShot(context, options, wiring, reader, retrieval, warnings, close);
}

async function openIndex(
  context: RepoContext,
  options: OneShotOptions,
): Promise<{ reader: CuratedReader | null; retrieval: RetrievalPorts | null; warnings: string[]; close(): void }> {
  const onWait = options.onWait ?? (() => undefined);
  // The pipeline's wiring loads only for a command that retrieves (or refreshes through it).
  if (options.needs === 'retrieval') {
    const { openRetrieval } = await import('./retrieval.js');
    const session = await openRetrieval(context, { refresh: options.refresh, llm: options.llm ?? null, env: options.env });
    return { reader: session.ports.reader, retrieval: session.ports, warnings: session.warnings, close: () => session.close() };
  }
  if (options.needs === 'none') return { reader: null, retrieval: null, warnings: [], close: () => undefined };
  const warnings = options.refresh ? await (await import('./refresh.js')).refreshed(context) : [];
  const reader = await openCompleteReader(context, { onWait });
  return { reader, retrieval: null, warnings, close: () => reader.close() };
}

class OneShot implements OneShotHandle {
  private readonly opened: { close(): void }[] = [];
  private loadedGraph: RepoGraph | null = null;
  private ranking: { ranker: Ranker } | null = null;
  private log: ReturnType<typeof openRawLog> | null = null;
  private memoryPorts: MemoryPorts | null = null;
  /** Opened on first use; null when the index directory holds no enrichment. */
  private enrichmentReader: EnrichmentReader | null | undefined = undefined;

  constructor(
    readonly context: RepoContext,
    private readonly options: OneShotOptions,
    private readonly wiring: { memory: MemoryWiring | null; diagnostics: DiagnosticsWiring | null },
    private readonly index: CuratedReader | null,
    private readonly pipeline: RetrievalPorts | null,
    readonly warnings: string[],
    closeIndex: () => void,
  ) {
    this.opened.push({ close: closeIndex });
  }

  reader(): CuratedReader {
    if (this.index === null) throw new Error('this command opened no index (OneShotOptions.needs)');
    return this.index;
  }

  retrieval(): RetrievalPorts {
    if (this.pipeline === null) throw new Error("this command opened no retrieval ports (OneShotOptions.needs: 'retrieval')");
    return this.pipeline;
  }

  enrichment(): EnrichmentReader | null {
    if (this.pipeline !== null) return this.pipeline.enrichment ?? null;
    if (this.enrichmentReader === undefined) {
      const opened = openEnrichmentReader(this.context);
      this.enrichmentReader = opened === null ? null : this.keep(opened);
    }
    return this.enrichmentReader;
  }

  ranker(): Ranker | null {
    if (!this.context.config.embed) return null; // no vectors configured: the ranker is the caller's default
    if (this.ranking === null) this.ranking = this.keep(openRanker(this.context, this.options.env));
    return this.ranking.ranker;
  }

  graph(): RepoGraph {
    return (this.loadedGraph ??= loadRepoGraph(this.reader()));
  }

  rawLog(): ReturnType<typeof openRawLog> {
    return this.pipeline?.rawLog ?? (this.log ??= this.keep(openRawLog(this.context)));
  }

  memory(mode: 'create' | 'existing'): MemoryPorts {
    if (this.memoryPorts !== null) return this.memoryPorts;
    const store = this.memoryStore(mode);
    const base = this.uses('memory', this.wiring.memory).basePorts(this.context, this.reader(), this.options.memoryLog ?? SILENT_MEMORY_LOG);
    // The model judge stays off: a hydration gives the same entities for the same source and query.
    const pipeline = this.pipeline === null ? {} : { retrieval: { ...this.pipeline, llm: null }, stages: resolveStages(undefined, this.context.config) };
    return (this.memoryPorts = { ...base, ...pipeline, store });
  }

  memoryStore(mode: 'create' | 'existing'): ReturnType<typeof openMemoryStore> {
    return this.keep(openMemoryStore(this.context, mode));
  }

  inTurn<T>(_conversationId: string, work: () => Promise<T>): Promise<T> {
    return work(); // one command, one call: nothing runs beside it in this process
  }

  diagnostics(): ReturnType<RepoHandle['diagnostics']> {
    return this.keep(this.uses('diagnostics', this.wiring.diagnostics).diagnosticsOver(this.context, this.index));
  }

  recordDiagnosis(entries: Parameters<RepoHandle['recordDiagnosis']>[0]): string | null {
    return this.uses('diagnostics', this.wiring.diagnostics).logDiagnosis(this.context, entries);
  }

  agentVisibility(): ReturnType<RepoHandle['agentVisibility']> {
    return this.uses('diagnostics', this.wiring.diagnostics).agentVisibility(this.context);
  }

  failures(): ReturnType<RepoHandle['failures']> {
    return this.keep(openFailureMemory(this.context));
  }

  failureReader(): ReturnType<RepoHandle['failureReader']> {
    return this.keep(openFailureReader(this.context));
  }

  close(): void {
    for (const store of this.opened.splice(0).reverse()) store.close();
  }

  private uses<T>(what: 'memory' | 'diagnostics', wiring: T | null): T {
    if (wiring === null) throw new Error(`this command did not load the ${what} wiring (OneShotOptions.uses.${what})`);
    return wiring;
  }

  private keep<T extends { close(): void }>(store: T): T {
    this.opened.push(store);
    return store;
  }
}
