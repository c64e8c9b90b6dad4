// Composition root, the stores: the one place an adapter is chosen and constructed. Every
// store of a repository is opened through `storesOf(context)` (a RepoStores, the seam in
// store/repo-stores.ts): SQLite files in the index directory by default, PostgreSQL when
// the context says so (`--store`, CAIRN_DATABASE_URL, `store:`; app/pg-stores.ts). Index
// runs, the optional vector step and the ranker are wired here too, over the same stores.

import { existsSync } from 'node:fs';
import type { RepoContext } from '../config/repo-context.js';
import { vectorModelId } from '../indexer/embed/chunks.js';
import { prepareIndexDir } from '../indexer/index-dir.js';
import { indexRepository, type IndexProgress, type IndexSummary, type VectorStepOptions } from '../indexer/index-repository.js';
import { createEmbedder } from '../providers/embed/create.js';
import type { Embedder } from '../providers/embed/port.js';
import { createCairnRanker } from '../search/rank/cairn-ranker.js';
import type { Ranker } from '../search/rank/types.js';
import type { IndexRunner } from '../serve/wiring.js';
import type { CuratedReader } from '../store/curated.js';
import type { EnrichmentReader, EnrichmentStore } from '../store/enrichment.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from '../store/sqlite/enrichment-store.js';
import type { FailureMemory, FailureMemoryReader } from '../store/failures.js';
import type { MemoryStore } from '../store/memory.js';
import type { RawLog, RawLogUsage } from '../store/raw-log.js';
import { noMemoryYet, type MemoryMode, type RepoStores } from '../store/repo-stores.js';
import type { SessionStore } from '../store/session.js';
import type { GenerationInfo } from '../store/generations.js';
import { drainIndex } from './drain-index.js';
import { pgStoresOf } from './pg-stores.js';
import { publishedIndexRun } from './published-index.js';
import {
  indexPaths,
  openSqliteCuratedReader,
  openSqliteFailureMemory,
  openSqliteFailureReader,
  openSqliteMemoryStore,
  openSqliteRawLog,
  openSqliteSessionStore,
  openSqliteVectorIndex,
  readSqliteRawLogUsage,
  sqliteIndexTargets,
} from '../store/sqlite/index.js';

type StoreContext = Pick<RepoContext, 'indexDir'> & Partial<Pick<RepoContext, 'config' | 'store'>>;

/** The stores of a repository: PostgreSQL when chosen, else SQLite files in its index directory. */
export function storesOf(context: StoreContext): RepoStores {
  if (context.store !== undefined) return pgStoresOf(context, context.store);
  const { indexDir } = context;
  const maxBytes = context.config?.log.maxBytes;
  return {
    reader: () => openSqliteCuratedReader(indexDir),
    hasIndex: () => existsSync(indexPaths(indexDir).curated),
    rawLog: () => openSqliteRawLog(indexDir, maxBytes === undefined ? {} : { maxBytes }),
    rawLogUsage: () => readSqliteRawLogUsage(indexDir, maxBytes),
    sessions: () => openSqliteSessionStore(indexDir),
    memory: (mode = 'create') => {
      if (mode === 'existing' && !existsSync(indexPaths(indexDir).memory)) throw noMemoryYet(indexDir);
      if (mode === 'create') prepareIndexDir(indexDir);
      return openSqliteMemoryStore(indexDir);
    },
    hasMemory: () => existsSync(indexPaths(indexDir).memory),
    failures: () => openSqliteFailureMemory(indexDir),
    failureReader: () => openSqliteFailureReader(indexDir),
    vectors: () => openSqliteVectorIndex(indexDir),
    indexTargets: sqliteIndexTargets,
    storeLocation: { adapter: 'sqlite', indexDir },
    published: false,
  };
}

/** Whether commands refresh the index themselves before answering (not on a shared store: `cairn index` publishes it). */
export function refreshesLocally(context: StoreContext): boolean {
  return context.store === undefined;
}

export function openReader(context: Pick<RepoContext, 'indexDir'>): CuratedReader {
  return storesOf(context).reader();
}

/** The raw log, kept under `log.maxBytes` (the default bound without a configuration). */
export function openRawLog(context: StoreContext): RawLog {
  return storesOf(context).rawLog();
}

/** How big and how old the raw log is, read without opening it for writing. */
export function rawLogUsage(context: Pick<RepoContext, 'indexDir' | 'config'>): RawLogUsage {
  return storesOf(context).rawLogUsage();
}

export function openSessions(context: Pick<RepoContext, 'indexDir'>): SessionStore {
  return storesOf(context).sessions();
}

/** Episode memory: memory.db in the index directory, or the repository's tables in PostgreSQL (RepoStores.memory). */
export function openMemoryStore(context: Pick<RepoContext, 'indexDir'>, mode: MemoryMode = 'create'): MemoryStore {
  return storesOf(context).memory(mode);
}

/** Model-written file summaries (`cairn enrich`): enrichment.db in the index directory, made when absent. */
export function openEnrichmentStore(context: Pick<RepoContext, 'indexDir'>): EnrichmentStore {
  prepareIndexDir(context.indexDir);
  return openSqliteEnrichmentStore(context.indexDir);
}

/** The promoted enrichment, read-only, for retrieval; null when the index has none. */
export function openEnrichmentReader(context: Pick<RepoContext, 'indexDir'>): EnrichmentReader | null {
  return openSqliteEnrichmentReader(context.indexDir);
}

export function runIndex(
  context: RepoContext,
  options: { workers?: number; rebuild?: boolean } = {},
): AsyncGenerator<IndexProgress, IndexSummary> {
  const stores = storesOf(context);
  return indexRepository({
    root: context.root,
    indexDir: context.indexDir,
    config: context.config.index,
    targets: stores.indexTargets,
    storeLocation: stores.storeLocation,
    rebuild: options.rebuild === true,
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...vectorStep(context),
  });
}

/**
 * `cairn index`: a run of the local index and, on a shared store, its publication as the
 * repository's next generation (under the repository's index-run lock: published-index.ts).
 */
export async function indexAndPublish(
  context: RepoContext,
  options: { workers?: number; rebuild?: boolean },
  onProgress: (progress: IndexProgress) => void,
): Promise<{ summary: IndexSummary; published: (GenerationInfo & { schema: string; seededFrom: number | null }) | null }> {
  const run = () => runIndex(context, options);
  if (context.store === undefined) return { summary: await drainIndex(run(), onProgress), published: null };
  const { summary, published, seededFrom, schema } = await publishedIndexRun(context, context.store, run, onProgress, { seed: options.rebuild !== true });
  return { summary, published: { ...published, schema, seededFrom } };
}

// --- optional vectors: constructed only when `embed` is configured -----------------------

/** The configured embedder (its API key from the variable `embed.apiKeyEnv` names), or null. */
export function openEmbedder(context: RepoContext, env: NodeJS.ProcessEnv = context.env ?? {}): Embedder | null {
  const embed = context.config.embed;
  if (!embed) return null;
  return createEmbedder(embed, embed.apiKeyEnv ? env[embed.apiKeyEnv] : undefined);
}

function vectorStep(context: RepoContext): { vectors?: VectorStepOptions } {
  const embedder = openEmbedder(context);
  if (!embedder || !context.config.embed) return {};
  return { vectors: { embedder, openIndex: openSqliteVectorIndex, maxInputChars: context.config.embed.maxInputChars, openSummaries: openSqliteEnrichmentReader } };
}

/**
 * cairn's ranker, with the vector signal when `embed` is configured (the task is embedded
 * per query; `close` releases vectors.db). Without `embed`, the plain ranker and nothing opened.
 */
export function openRanker(context: RepoContext, env: NodeJS.ProcessEnv = context.env ?? {}): { ranker: Ranker; close(): void } {
  const embedder = openEmbedder(context, env);
  if (!embedder) return { ranker: createCairnRanker(), close: () => undefined };
  const index = storesOf(context).vectors();
  return { ranker: createCairnRanker({ vectors: { modelId: vectorModelId(embedder), embedder, index } }), close: () => index.close() };
}

/** One index run of the repository in this thread (the serve runtime's IndexRunner). */
export const inProcessRunner: IndexRunner = (context, onProgress) => drainIndex(runIndex(context), onProgress);


export function openFailureMemory(context: Pick<RepoContext, 'indexDir'>): FailureMemory {
  return storesOf(context).failures();
}

/** The failure memory, read-only (empty, and nothing created, when nothing was recorded). */
export function openFailureReader(context: Pick<RepoContext, 'indexDir'>): FailureMemoryReader {
  return storesOf(context).failureReader();
}

export { drainIndex };
