// Composition root: the only place adapters are constructed. Faces call these functions;
// services receive ports, never adapters.

import type { EnrichmentReader, EnrichmentStore } from './store/enrichment.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from './store/sqlite/enrichment-store.js';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { loadConfig, resolveIndexDir } from './config/load.js';
import type { Config } from './config/schema.js';
import { InputError, NotFoundError, UsageError } from './core/errors.js';
import { prepareIndexDir } from './indexer/index-dir.js';
import { vectorModelId } from './indexer/embed/chunks.js';
import { indexRepository, type IndexProgress, type IndexSummary, type VectorStepOptions } from './indexer/index-repository.js';
import { createEmbedder } from './providers/embed/create.js';
import type { Embedder } from './providers/embed/port.js';
import { createCairnRanker } from './search/rank/cairn-ranker.js';
import type { Ranker } from './search/rank/types.js';
import type { CuratedReader, IndexWriter } from './store/curated.js';
import type { RawLog, RawLogUsage } from './store/raw-log.js';
import type { MemoryStore } from './store/memory.js';
import type { SessionStore } from './store/session.js';
import {
  indexPaths,
  openSqliteCuratedReader,
  openSqliteIndexWriter,
  openSqliteMemoryStore,
  openSqliteRawLog,
  openSqliteSessionStore,
  openSqliteVectorIndex,
  readSqliteRawLogUsage,
  sqliteIndexTargets,
} from './store/sqlite/index.js';

export interface RepoContext {
  /** Absolute path of the repository root. */
  root: string;
  /** Absolute path of the index directory. */
  indexDir: string;
  config: Readonly<Config>;
  /** Where API keys are read from (the variables `*.apiKeyEnv` name). */
  env?: NodeJS.ProcessEnv;
}

export interface RepoOptions {
  repo?: string | undefined;
  indexDir?: string | undefined;
  configPath?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Accept a home folder or a filesystem root as the repository (`--force`). */
  force?: boolean | undefined;
}

/** Validates the repository path and loads its configuration. */
export async function openRepo(options: RepoOptions): Promise<RepoContext> {
  const repo = options.repo ?? '.';
  if (repo === '') throw new UsageError('the repository path is empty', { hint: 'pass the path of the repository folder, e.g. `.`' });
  if (options.indexDir === '') throw new UsageError('--index-dir is empty', { hint: 'pass the folder for the index, or drop --index-dir to use <repo>/.cairn' });
  if (options.configPath === '') throw new UsageError('--config is empty', { hint: 'pass the path of a cairn.yaml, or drop --config to use <repo>/cairn.yaml' });
  const root = resolve(repo);
  requireFolder(root, repo);
  const env = options.env ?? process.env;
  const indexDir = resolveIndexDir(root, options.indexDir, env);
  requireIndexDir(indexDir, { root, named: isNamed(options.indexDir) || isNamed(env['CAIRN_INDEX_DIR']) });
  if (!options.force) refuseSurprisingRoot(root, indexDir, env);
  return {
    root,
    indexDir,
    config: await loadConfig({ repoRoot: root, ...(options.configPath ? { configPath: options.configPath } : {}) }),
    env,
  };
}

/**
 * A home folder or a filesystem root is almost never the repository someone meant: run
 * there by mistake, cairn would walk (and index) everything below it. Refused unless the
 * user says so, or already did once (an index of it exists).
 */
function refuseSurprisingRoot(root: string, indexDir: string, env: NodeJS.ProcessEnv): void {
  const real = realpathSync(root);
  const home = env['HOME'] ? resolveQuietly(env['HOME']) : resolveQuietly(homedir());
  const what = dirname(real) === real ? 'a filesystem root' : real === home ? 'your home folder' : null;
  if (what === null || existsSync(indexPaths(indexDir).curated)) return;
  throw new InputError('INPUT_INVALID', `${root} is ${what}, not a repository: cairn would index everything below it`, {
    hint: 'run cairn inside a repository (or pass --repo PATH); add --force to index this folder anyway',
  });
}

function resolveQuietly(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function requireFolder(absolute: string, asGiven: string): void {
  let stats;
  try {
    stats = statSync(absolute);
  } catch (error) {
    throw new InputError('INPUT_NOT_FOUND', `${asGiven}: no such folder`, {
      hint: 'pass the path of the repository folder to index',
      cause: error,
    });
  }
  if (!stats.isDirectory()) {
    throw new InputError('INPUT_INVALID', `${asGiven} is a file, not a folder`, {
      hint: 'cairn indexes a whole repository: pass the folder that contains it',
    });
  }
}

function isNamed(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}

/**
 * The index directory must be a folder or absent (it is created). The default one,
 * `<repo>/.cairn`, must not be a link: a repository that ships `.cairn` as a link would
 * have cairn write wherever it points. A directory the user named is taken as named.
 */
function requireIndexDir(indexDir: string, { root, named }: { root: string; named: boolean }): void {
  let stats;
  try {
    stats = lstatSync(indexDir);
  } catch {
    return; // absent: created by the first index run
  }
  if (stats.isSymbolicLink() && !named) {
    throw new InputError('INPUT_INVALID', `${indexDir} is a symbolic link in the repository ${root}; cairn does not write its index through it`, {
      hint: 'remove the link, or name the index directory yourself with --index-dir (or CAIRN_INDEX_DIR)',
    });
  }
  if (!statSync(indexDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new InputError('INPUT_INVALID', `the index directory ${indexDir} is not a folder`, {
      hint: 'pass --index-dir a folder (it is created when absent)',
    });
  }
}

export function openIndexWriter(context: Pick<RepoContext, 'indexDir'>): IndexWriter {
  return openSqliteIndexWriter(context.indexDir);
}

export function openReader(context: Pick<RepoContext, 'indexDir'>): CuratedReader {
  return openSqliteCuratedReader(context.indexDir);
}

/** The raw log, kept under `log.maxBytes` (the default bound without a configuration). */
export function openRawLog(context: Pick<RepoContext, 'indexDir'> & Partial<Pick<RepoContext, 'config'>>): RawLog {
  return openSqliteRawLog(context.indexDir, context.config ? { maxBytes: context.config.log.maxBytes } : {});
}

/** How big and how old the raw log is, read without opening it for writing. */
export function rawLogUsage(context: Pick<RepoContext, 'indexDir' | 'config'>): RawLogUsage {
  return readSqliteRawLogUsage(context.indexDir, context.config.log.maxBytes);
}

export function openSessions(context: Pick<RepoContext, 'indexDir'>): SessionStore {
  return openSqliteSessionStore(context.indexDir);
}

/**
 * Episode memory: memory.db in the index directory. `create` makes it (and the index
 * directory) when absent; `existing` is for commands that only read it, which say there is
 * no memory yet rather than create an empty one.
 */
export function openMemoryStore(context: Pick<RepoContext, 'indexDir'>, mode: 'create' | 'existing' = 'create'): MemoryStore {
  if (mode === 'existing' && !existsSync(indexPaths(context.indexDir).memory)) {
    throw new NotFoundError(`no episode memory in ${context.indexDir} yet`, { hint: '`cairn hydrate QUERY --conversation ID` records the first episode' });
  }
  if (mode === 'create') prepareIndexDir(context.indexDir);
  return openSqliteMemoryStore(context.indexDir);
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
  return indexRepository({
    root: context.root,
    indexDir: context.indexDir,
    config: context.config.index,
    targets: sqliteIndexTargets,
    storeLocation: { adapter: 'sqlite', indexDir: context.indexDir },
    rebuild: options.rebuild === true,
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...vectorStep(context),
  });
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
  return { vectors: { embedder, openIndex: openSqliteVectorIndex, maxInputChars: context.config.embed.maxInputChars } };
}

/**
 * cairn's ranker, with the vector signal when `embed` is configured (the task is embedded
 * per query; `close` releases vectors.db). Without `embed`, the plain ranker and nothing opened.
 */
export function openRanker(context: RepoContext, env: NodeJS.ProcessEnv = context.env ?? {}): { ranker: Ranker; close(): void } {
  const embedder = openEmbedder(context, env);
  if (!embedder) return { ranker: createCairnRanker(), close: () => undefined };
  const index = openSqliteVectorIndex(context.indexDir);
  return { ranker: createCairnRanker({ vectors: { modelId: vectorModelId(embedder), embedder, index } }), close: () => index.close() };
}

/** Drains an index run, handing each progress event to `onProgress`. */
export async function drainIndex(
  run: AsyncGenerator<IndexProgress, IndexSummary>,
  onProgress: (progress: IndexProgress) => void = () => undefined,
): Promise<IndexSummary> {
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
    onProgress(step.value);
  }
}
