// Serve runtime: a repository served by `cairn serve` or `cairn mcp`.
// A workspace keeps the stores open across requests and keeps its index current:
//
// - readers see generations: each is one complete state of the index, pinned by its own
//   reader (store/sqlite/pinned-reader.ts). A request leases the current generation for
//   its whole run; a refresh that completes installs a new generation for the requests
//   that start after it, and the old one closes when its last request ends. No request
//   ever reads part of an index run, nor two states in one run.
// - refreshes never overlap: one runs at a time, and requests for more while it runs are
//   coalesced into one more run. The first request on a repository without an index
//   builds it (its progress goes to whoever waits).
// - changes made by another process (`cairn index` in a terminal) are noticed by a probe
//   reader, asked at most once per EXTERNAL_CHECK_MS.

import { setTimeout as sleep } from 'node:timers/promises';
import type { LlmConfig } from '../config/schema.js';
import type { RepoContext } from '../config/repo-context.js';
import { describeError, IndexError, isCairnError } from '../core/errors.js';
import { Turns } from '../core/turns.js';
import type { RepoHandle } from '../operations/handle.js';
import type { IndexProgress, IndexSummary } from '../indexer/index-repository.js';
import type { Logger } from '../logging/logger.js';
import type { MemoryLog, MemoryPorts } from '../memory/ports.js';
import type { Fitter } from '../retrieval/budget/fit-service.js';
import { ReadMemo } from '../retrieval/pipeline/memo-reader.js';
import { deferredSink, type RecordSink } from '../retrieval/pipeline/record-sink.js';
import type { RetrievalPorts } from '../retrieval/pipeline/retrieve.js';
import { pruneUnloggedSessions } from '../retrieval/pipeline/session-prune.js';
import { resolveStages } from '../retrieval/pipeline/settings.js';
import { loadRepoGraph } from '../search/graph/load-graph.js';
import type { RepoGraph } from '../search/graph/repo-graph.js';
import type { Ranker } from '../search/rank/types.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import { followedEnrichment } from './enrichment.js';
import { writeForwarded, type ForwardedRecord } from './forwarded-records.js';
import type { CuratedReader } from '../store/curated.js';
import type { FailureMemory, FailureMemoryReader } from '../store/failures.js';
import type { MemoryCounters, MemoryStore } from '../store/memory.js';
import type { RawLog } from '../store/raw-log.js';
import type { MemoryMode, RepoStores } from '../store/repo-stores.js';
import type { SessionStore } from '../store/session.js';
import { createO200kCounter, type TokenCounter } from '../tokenizer/tokens.js';
import type { IndexRunner, ServeWiring } from './wiring.js';

export type { IndexRunner };

/** How often, at most, a request checks whether another process changed the index. */
const EXTERNAL_CHECK_MS = 1000;
/** How long a first request waits for another process's first index, how often it looks, how often it tries the lock. */
const FIRST_INDEX_WAIT_MS = 120_000;
const FIRST_INDEX_POLL_MS = 200;
const FIRST_INDEX_RETRY_MS = 2_000;

export interface WorkspaceOptions {
  /** The name requests address the repository by. */
  name: string;
  logger: Logger;
  /** Fits packages (one fitting thread serves every workspace of a process). */
  fitter: Fitter;
  env: NodeJS.ProcessEnv;
  /** Every store and client the workspace opens (the composition root's: app/serve.ts). */
  wiring: ServeWiring;
  /** How an index run is made (default: in this process, `wiring.runIndex`). */
  runner?: IndexRunner;
  /**
   * A replica answers beside the workspace that keeps the index current (a query thread of
   * `cairn serve`): it never runs an index nor prunes sessions, and moves to a newer state
   * only when told (`adoptLatest`) or by the external check.
   */
  replica?: boolean;
}

/**
 * One complete state of the index, and what requests read it through: the operations'
 * repository handle (operations/handle.ts), its reader pinned — `latest()` never moves it
 * (generations move instead).
 */
export interface IndexView extends RepoHandle {
  generation: number;
}

/** What every generation of a workspace shares: the stores kept open across requests. */
interface SharedPorts {
  context: RepoContext;
  rawLog: RawLog;
  ranker: Ranker | null;
  ports: Omit<RetrievalPorts, 'reader' | 'readMemo'>;
  memory: (reader: CuratedReader, retrieval: RetrievalPorts, mode: MemoryMode) => MemoryPorts;
  memoryStore: (mode: MemoryMode) => MemoryStore;
  inTurn<T>(conversationId: string, work: () => Promise<T>): Promise<T>;
  wiring: ServeWiring;
  failures(): FailureMemory;
  failureReader(): FailureMemoryReader;
}

export interface RefreshRecord {
  at: string;
  ms: number;
  reason: string;
  outcome: 'ok' | 'busy' | 'failed';
  changed?: { added: number; changed: number; removed: number };
  error?: string;
}

export interface WorkspaceStatus {
  name: string;
  root: string;
  indexDir: string;
  state: 'ready' | 'building' | 'unindexed';
  generation: number;
  /** When the index this workspace answers from was completed (unix ms), or null. */
  indexedAt: number | null;
  files: number | null;
  refreshing: boolean;
  refreshes: number;
  lastRefresh: RefreshRecord | null;
}

class Generation {
  leases = 0;
  retired = false;
  private loadedGraph: RepoGraph | null = null;
  readonly view: IndexView;

  constructor(
    readonly id: number,
    private readonly pinned: CuratedReader,
    shared: SharedPorts,
  ) {
    const reader = holdStill(pinned);
    const { context, rawLog, ranker, wiring } = shared;
    const retrieval: RetrievalPorts = { ...shared.ports, reader, readMemo: new ReadMemo() };
    this.view = {
      generation: id,
      context,
      reader: () => reader,
      retrieval: () => retrieval,
      enrichment: () => retrieval.enrichment ?? null,
      ranker: () => ranker,
      rawLog: () => rawLog,
      graph: () => (this.loadedGraph ??= loadRepoGraph(reader)),
      memory: (mode) => shared.memory(reader, retrieval, mode),
      memoryStore: (mode) => shared.memoryStore(mode),
      inTurn: (conversationId, work) => shared.inTurn(conversationId, work),
      diagnostics: () => wiring.diagnostics(context, reader, () => shared.failureReader()),
      recordDiagnosis: (entries) => {
        try {
          rawLog.appendAll(entries);
          return null;
        } catch (error) {
          return describeError(error);
        }
      },
      agentVisibility: () => wiring.agentVisibility(context),
      failures: () => shared.failures(),
      failureReader: () => shared.failureReader(),
    };
  }

  release(): void {
    this.leases -= 1;
    if (this.leases === 0 && this.retired) this.pinned.close();
  }

  retire(): void {
    this.retired = true;
    if (this.leases === 0) this.pinned.close();
  }
}

/** Episode memory's lines through the one logger. */
function memoryLogOf(logger: Logger): MemoryLog {
  return { info: (line) => logger.info(line), warn: (line) => logger.warn(line), debug: (line) => logger.debug(line) };
}

/** The reader with `latest()` disabled: a run's ReadMemo asks it, and a generation must not move. */
function holdStill(reader: CuratedReader): CuratedReader {
  return new Proxy(reader, {
    get(target, property) {
      if (property === 'latest') return () => false;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export class Workspace {
  private current: Generation | null = null;
  private probe: CuratedReader | null = null;
  private nextId = 1;
  private active: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private lastError: unknown = null;
  private lastExternalCheck = 0;
  private readonly progress = new Set<(progress: IndexProgress) => void>();
  private readonly generationListeners = new Set<(generation: number) => void>();
  private refreshes = 0;
  private lastRefresh: RefreshRecord | null = null;
  private closed = false;
  private memoryStore: MemoryStore | null = null;
  private failureMemory: FailureMemory | null = null;
  private failureMemoryReader: FailureMemoryReader | null = null;

  /**
   * The failure memory, read-only, kept open once it holds a failure. While it holds none it
   * is opened again on each call: a reader opened before the first `cairn failures record`
   * (or diagnosis) made the store would otherwise never see it.
   */
  private currentFailureReader(): FailureMemoryReader {
    if (this.failureMemoryReader !== null && this.failureMemoryReader.count() > 0) return this.failureMemoryReader;
    this.failureMemoryReader?.close();
    return (this.failureMemoryReader = this.shared.stores.failureReader());
  }
  private counter: TokenCounter | null = null;
  /** Hydrations of one conversation run one after another (each numbers its episode from the last). */
  private readonly conversations = new Turns();

  private constructor(
    readonly name: string,
    readonly context: RepoContext,
    private readonly logger: Logger,
    private readonly shared: {
      wiring: ServeWiring;
      stores: RepoStores;
      rawLog: RawLog;
      sessions: SessionStore;
      records: RecordSink;
      ranking: { ranker: Ranker; close(): void };
      enrichment: EnrichmentReader;
      llm: RetrievalPorts['llm'];
      fitter: Fitter;
      runner: IndexRunner;
      replica: boolean;
    },
  ) {}

  /** Opens the stores, and the index when there is a complete one; builds nothing. */
  static async open(context: RepoContext, options: WorkspaceOptions): Promise<Workspace> {
    const { wiring } = options;
    const stores = wiring.stores(context);
    const rawLog = stores.rawLog();
    const sessions = stores.sessions();
    // On a shared store the index is published by `cairn index`: every workspace follows it as a replica does.
    const replica = options.replica === true || stores.published;
    try {
      // A replica's runs are in flight beside the primary's: only the primary prunes.
      if (!replica) pruneUnloggedSessions(rawLog, sessions);
      const llm = await wiring.modelPort((context.config.llm ?? null) as LlmConfig | null, options.env);
      const ranking = wiring.openRanker(context, options.env);
      const enrichment = followedEnrichment(() => wiring.openEnrichment(context));
      const shared = { wiring, stores, rawLog, sessions, records: deferredSink(rawLog, sessions), ranking, enrichment, llm, fitter: options.fitter, runner: options.runner ?? wiring.runIndex, replica };
      const workspace = new Workspace(options.name, context, options.logger.child({ repo: options.name }), shared);
      workspace.openExisting();
      return workspace;
    } catch (error) {
      rawLog.close();
      sessions.close();
      throw error;
    }
  }

  /** Runs `work` after every earlier call with the same key ended (one conversation's hydrations: operations/memory.ts). */
  inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.conversations.run(key, work);
  }

  hasIndex(): boolean {
    return this.current !== null;
  }

  /** Whether this workspace only follows an index others build (a query thread, or a shared store's published generations). */
  get isReplica(): boolean {
    return this.shared.replica;
  }

  generation(): number {
    return this.current?.id ?? 0;
  }

  /** Called with the new generation's id whenever one is installed (caches key on it). */
  onGeneration(listener: (generation: number) => void): () => void {
    this.generationListeners.add(listener);
    return () => this.generationListeners.delete(listener);
  }

  /** Builds the index when there is none (joining a build under way); `onProgress` hears its steps. */
  async ensureIndex(onProgress?: (progress: IndexProgress) => void): Promise<void> {
    if (this.current !== null) return;
    if (this.shared.replica) {
      this.adoptLatest();
      if (this.current !== null) return;
      if (this.shared.stores.published) this.shared.wiring.openOrExplain(this.context); // says where nothing was published
      throw new IndexError('INDEX_MISSING', `no complete index in ${this.context.indexDir} yet`, { hint: 'retry when the server has built it' });
    }
    await this.refresh('first request', onProgress);
    if (this.current === null && this.lastRefresh?.outcome === 'busy') await this.awaitOthersFirstIndex(onProgress);
    if (this.current !== null) return;
    if (this.lastError !== null) throw this.lastError;
    throw new IndexError('INDEX_MISSING', `no complete index in ${this.context.indexDir} yet`, { hint: 'another process is building it: retry when it has finished' });
  }

  /**
   * Another process holds the index lock while there is no index yet (it is building the
   * first one): a long-lived server waits for it, bounded, as a reader waits for an update
   * in place — looking for the completed index often, and trying the lock now and then, so
   * that a builder that died leaves the build to this process.
   */
  private async awaitOthersFirstIndex(onProgress?: (progress: IndexProgress) => void): Promise<void> {
    const deadline = Date.now() + FIRST_INDEX_WAIT_MS;
    let nextTry = Date.now() + FIRST_INDEX_RETRY_MS;
    while (this.current === null && !this.closed && this.lastRefresh?.outcome === 'busy' && Date.now() < deadline) {
      await sleep(FIRST_INDEX_POLL_MS);
      this.openExisting();
      if (this.current === null && Date.now() >= nextTry) {
        nextTry = Date.now() + FIRST_INDEX_RETRY_MS;
        await this.refresh('first request', onProgress);
      }
    }
  }

  /** Leases the current generation for `work` (building the index first if there is none). */
  async use<T>(work: (view: IndexView) => Promise<T> | T, onProgress?: (progress: IndexProgress) => void): Promise<T> {
    await this.ensureIndex(onProgress);
    this.checkExternal();
    const generation = this.current!;
    generation.leases += 1;
    try {
      return await work(generation.view);
    } finally {
      generation.release();
    }
  }

  /**
   * Brings the index up to date. Runs one at a time; a call while one runs is served by
   * the next run (calls meanwhile share it). Resolves when that run has ended.
   */
  refresh(reason: string, onProgress?: (progress: IndexProgress) => void): Promise<void> {
    if (this.shared.replica) {
      // A replica never runs an index: it moves to the newest complete state another process made.
      // Like an index run's, its failure is logged, never thrown: requests answer from what is open.
      try {
        if (this.adoptLatest()) this.logger.info({ reason, generation: this.generation() }, 'moved to a newer index');
      } catch (error) {
        this.logger.warn({ err: error, reason }, 'could not look for a newer index: answering from the one open');
      }
      return Promise.resolve();
    }
    if (onProgress) this.progress.add(onProgress);
    const done = (): void => void (onProgress && this.progress.delete(onProgress));
    if (this.queued !== null) return this.queued.finally(done);
    const previous = this.active ?? Promise.resolve();
    const run: Promise<void> = previous.then(async () => {
      this.queued = null;
      this.active = run;
      try {
        await this.runRefresh(reason);
      } finally {
        if (this.active === run) this.active = null;
      }
    });
    this.queued = run;
    return run.finally(done);
  }

  /** Resolves when no refresh is running or waiting (one that starts later is not waited for). */
  async settled(): Promise<void> {
    while (this.queued !== null || this.active !== null) await (this.queued ?? this.active);
  }

  /** Adopts an index another process completed since the last look (at most once per EXTERNAL_CHECK_MS). */
  checkExternal(now = Date.now()): void {
    if (this.active !== null || now - this.lastExternalCheck < EXTERNAL_CHECK_MS) return;
    this.lastExternalCheck = now;
    if (this.adopt()) this.logger.info({ generation: this.generation() }, 'index changed by another process: answering from its new state');
  }

  /** Moves to the newest complete state of the index now, if there is a newer one; true when it did. */
  adoptLatest(): boolean {
    if (this.closed) return false;
    if (this.current === null) {
      this.openExisting();
      return this.current !== null;
    }
    return this.adopt();
  }

  /** Writes a query thread handed back (its run's raw-log entries and session patches) through this workspace's stores. */
  writeForwarded(records: readonly ForwardedRecord[]): void {
    writeForwarded(records, this.shared.rawLog, this.shared.sessions);
  }

  /** ETV cache hits and misses so far (null while the memory store has not been opened). */
  memoryCounters(): MemoryCounters | null {
    return this.memoryStore?.counters() ?? null;
  }

  status(): WorkspaceStatus {
    const reader = this.current?.view.reader() ?? null;
    const indexedAt = reader?.meta('indexedAt') ?? null;
    return {
      name: this.name,
      root: this.context.root,
      indexDir: this.context.indexDir,
      state: reader !== null ? 'ready' : this.active !== null ? 'building' : 'unindexed',
      generation: this.generation(),
      indexedAt: indexedAt === null ? null : Number(indexedAt),
      files: reader === null ? null : reader.stats().files,
      refreshing: this.active !== null,
      refreshes: this.refreshes,
      lastRefresh: this.lastRefresh,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.active?.catch(() => undefined);
    this.current?.retire();
    this.current = null;
    this.probe?.close();
    this.memoryStore?.close();
    this.failureMemory?.close();
    this.failureMemoryReader?.close();
    await this.shared.records.flush().catch(() => undefined);
    this.shared.ranking.close();
    this.shared.enrichment.close();
    this.shared.rawLog.close();
    this.shared.sessions.close();
  }

  private openExisting(): void {
    let reader: CuratedReader;
    try {
      reader = this.shared.wiring.openOrExplain(this.context);
    } catch (error) {
      if (isCairnError(error) && error.code === 'INDEX_MISSING') return;
      throw error;
    }
    if (reader.meta('state') !== 'complete') {
      reader.close(); // completed by the first refresh
      return;
    }
    this.install(reader);
    this.probe = this.shared.stores.reader();
  }

  private async runRefresh(reason: string): Promise<void> {
    if (this.closed) return;
    const started = performance.now();
    const record: RefreshRecord = { at: new Date().toISOString(), ms: 0, reason, outcome: 'ok' };
    try {
      const summary = await this.shared.runner(this.context, (progress) => {
        for (const listener of this.progress) listener(progress);
      });
      record.changed = { added: summary.run.added, changed: summary.run.changed, removed: summary.run.removed };
      this.logWarnings(summary);
      this.lastError = null;
    } catch (error) {
      record.outcome = isCairnError(error) && error.code === 'INDEX_BUSY' ? 'busy' : 'failed';
      record.error = error instanceof Error ? error.message : String(error);
      this.lastError = record.outcome === 'failed' ? error : null;
      if (record.outcome === 'busy') this.logger.info('another process is writing the index: answering from the last complete index');
      else this.logger.error({ err: error }, 'index refresh failed: answering from the last complete index');
    }
    if (this.current === null) await this.openFirst();
    else this.adopt();
    record.ms = Math.round(performance.now() - started);
    this.refreshes += 1;
    this.lastRefresh = record;
    this.logger.info({ reason, ms: record.ms, outcome: record.outcome, ...record.changed, generation: this.generation() }, 'index refreshed');
  }

  private logWarnings(summary: IndexSummary): void {
    for (const warning of summary.warnings) this.logger.warn(warning);
  }

  /** After the first build: the index is complete unless the build failed or another writer holds it. */
  private async openFirst(): Promise<void> {
    try {
      const reader = await this.shared.wiring.openCompleteReader(this.context);
      this.install(reader);
      this.probe = this.shared.stores.reader();
    } catch (error) {
      this.lastError ??= error;
    }
  }

  /** Installs a new generation when the index moved to a newer complete state; true when it did. */
  private adopt(): boolean {
    if (this.probe === null || this.closed || !this.probe.latest()) return false;
    const reader = this.probe;
    this.probe = this.shared.stores.reader();
    this.install(reader);
    return true;
  }

  /** `existing` refuses (NOT_FOUND) while there is no episode memory; once opened, the store is kept. */
  private openMemoryStore(mode: MemoryMode): MemoryStore {
    return (this.memoryStore ??= this.shared.stores.memory(mode));
  }


  private memoryPorts(reader: CuratedReader, retrieval: RetrievalPorts, mode: MemoryMode): MemoryPorts {
    const store = this.openMemoryStore(mode);
    this.counter ??= createO200kCounter();
    return {
      ...this.shared.wiring.memoryBase(this.context, reader, memoryLogOf(this.logger), this.counter),
      store,
      // The model judge stays off, as in `cairn hydrate`: the same source and query give the same entities.
      retrieval: { ...retrieval, llm: null },
      stages: resolveStages(undefined, this.context.config),
    };
  }

  private install(reader: CuratedReader): void {
    const { rawLog, sessions, records, ranking, enrichment, llm, fitter } = this.shared;
    const ranker = this.context.config.embed ? ranking.ranker : null;
    const ports = { rawLog, sessions, records, root: this.context.root, llm, fitter, enrichment, lineHistory: this.shared.wiring.lineHistory(this.context), ...(ranker ? { ranker } : {}) };
    const generation = new Generation(this.nextId++, reader, {
      context: this.context,
      rawLog,
      ranker,
      ports,
      wiring: this.shared.wiring,
      memory: (pinned, retrieval, mode) => this.memoryPorts(pinned, retrieval, mode),
      memoryStore: (mode) => this.openMemoryStore(mode),
      inTurn: (key, work) => this.inTurn(key, work),
      failures: () => (this.failureMemory ??= this.shared.stores.failures()),
      failureReader: () => this.currentFailureReader(),
    });
    const previous = this.current;
    this.current = generation;
    previous?.retire();
    for (const listener of this.generationListeners) listener(generation.id);
  }
}
