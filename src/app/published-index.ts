// Composition root, the index on the shared store (issue 25): an index run builds the
// SQLite index locally and publishes it as the repository's next generation through
// PostgreSQL, holding the repository's index-run lock (across machines) from start to
// publish; every other process reads the newest published generation, checked out once
// into `<indexDir>/generations/` and opened with the SQLite reader. `latest()` moves to a
// newer generation when one was published — readers never see a half-published one.

import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RepoContext } from '../config/repo-context.js';
import type { PostgresChoice } from '../config/store-choice.js';
import { IndexError, isCairnError } from '../core/errors.js';
import type { IndexProgress, IndexSummary } from '../indexer/index-repository.js';
import type { CuratedReader } from '../store/curated.js';
import type { GenerationFile, GenerationInfo, IndexGenerations, IndexRunLock } from '../store/generations.js';
import { parsePgUrl } from '../store/postgres/connection-url.js';
import { openPgIndexGenerations } from '../store/postgres/index-generations.js';
import { reconnecting } from '../store/postgres/reconnecting.js';
import { migratePgRepository, repositorySchema } from '../store/postgres/repository-schema.js';
import { indexPaths, openSqliteCuratedReader } from '../store/sqlite/index.js';
import { prepareIndexDir } from '../indexer/index-dir.js';
import { snapshotSqliteIndex, snapshotSqliteVectors } from '../store/sqlite/index-snapshot.js';
import { drainIndex } from './drain-index.js';
import { VECTORS_FILE } from './published-vectors.js';

/** Checked-out generations, under the index directory. */
export const GENERATION_CACHE = 'generations';

export function generationCache(indexDir: string): string {
  return join(indexDir, GENERATION_CACHE);
}

/** Whether a generation of the repository was published (nothing is downloaded). */
export function hasPublished(choice: PostgresChoice): boolean {
  const generations = openPgIndexGenerations(choice.url);
  try {
    return generations.latest(choice.repository) !== null;
  } finally {
    generations.close();
  }
}

function checkoutNewest(generations: IndexGenerations, choice: PostgresChoice, cacheDir: string, newerThan = 0): { dir: string; info: GenerationInfo } | null {
  const latest = generations.latest(choice.repository);
  if (latest === null || latest.generation <= newerThan) return null;
  return generations.checkout(choice.repository, cacheDir);
}

/** The newest published generation, as a reader that follows newer ones on `latest()`; INDEX_MISSING when none was published. */
export function openPublishedReader(choice: PostgresChoice, indexDir: string): CuratedReader {
  const cacheDir = generationCache(indexDir);
  // One connection for the reader's life (a replica looks for a newer generation about once
  // a second), opened again on the next look after the database went away.
  const generations = reconnecting(() => openPgIndexGenerations(choice.url));
  let first: { dir: string; info: GenerationInfo } | null;
  try {
    first = checkoutNewest(generations, choice, cacheDir);
  } catch (error) {
    generations.close();
    throw error;
  }
  if (first === null) {
    generations.close();
    throw new IndexError('INDEX_MISSING', `no index of ${choice.repository} is published in PostgreSQL at ${parsePgUrl(choice.url).redacted} yet`, {
      hint: `run \`cairn index --store URL\` on the repository (it publishes the index every replica reads)`,
    });
  }
  const newer = (after: number): { dir: string; generation: number } | null => {
    try {
      const found = checkoutNewest(generations, choice, cacheDir, after);
      return found === null ? null : { dir: found.dir, generation: found.info.generation };
    } catch (error) {
      // The database is away: the generation on disk still answers; the next look tries again.
      if (isCairnError(error) && error.code === 'STORE_UNAVAILABLE') return null;
      throw error;
    }
  };
  return followingReader({ dir: first.dir, generation: first.info.generation }, newer, () => generations.close());
}

/**
 * A SQLite reader of one generation folder that `latest()` moves to the next one `newer`
 * finds (and `close` closes with `onClose`): readers of the published index and, on a
 * query thread, of the generation its main thread checked out (thread-stores.ts).
 */
export function followingReader(
  first: { dir: string; generation: number },
  newer: (after: number) => { dir: string; generation: number } | null,
  onClose: () => void = () => undefined,
): CuratedReader {
  const state = { reader: openSqliteCuratedReader(first.dir), generation: first.generation };
  const latest = (): boolean => {
    const found = newer(state.generation);
    if (found === null) return false;
    const next = openSqliteCuratedReader(found.dir);
    state.reader.close();
    Object.assign(state, { reader: next, generation: found.generation });
    return true;
  };
  const close = (): void => {
    onClose();
    state.reader.close();
  };
  return new Proxy({} as CuratedReader, {
    get(_target, property) {
      if (property === 'latest') return latest;
      if (property === 'close') return close;
      const value: unknown = Reflect.get(state.reader, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(state.reader) : value;
    },
  });
}

export interface PublishedRun {
  summary: IndexSummary;
  published: GenerationInfo;
  /** The generation this machine's first run started from (its index folder held no index), or null. */
  seededFrom: number | null;
  /** The schema holding the repository's shared state (named in the grants of a serving role). */
  schema: string;
}

/**
 * An index run on the shared store: the repository's index-run lock taken first (INDEX_BUSY
 * when another machine's run holds it), the local run drained, a consistent snapshot of
 * index.db published as the next generation, the lock released.
 */
export async function publishedIndexRun(
  context: Pick<RepoContext, 'indexDir'>,
  choice: PostgresChoice,
  run: () => AsyncGenerator<IndexProgress, IndexSummary>,
  onProgress: (progress: IndexProgress) => void,
  options: { seed: boolean } = { seed: true },
): Promise<PublishedRun> {
  const generations = openPgIndexGenerations(choice.url);
  try {
    const lock = generations.tryLock(choice.repository);
    if (lock === null) {
      throw new IndexError('INDEX_BUSY', `another index run of ${choice.repository} holds its lock in PostgreSQL (on this machine or another)`, {
        hint: 'retry when it has published; replicas answer from the last published generation meanwhile',
      });
    }
    try {
      const seededFrom = options.seed ? seedFromPublished(context.indexDir, generations, choice.repository) : null;
      const summary = await drainIndex(run(), onProgress);
      const published = publishSnapshot(context.indexDir, generations, lock);
      // The indexer runs as the owner: the repository's shared-state schema is made now, for serving roles that cannot.
      const schema = repositorySchema(choice.repository);
      migratePgRepository(choice.url, schema);
      return { summary, published, seededFrom, schema };
    } finally {
      lock.release();
    }
  } finally {
    generations.close();
  }
}

/**
 * On a machine whose index folder holds no index yet, the newest published generation is
 * where the run starts (its index.db and, with `embed`, its vectors.db and embedding cache):
 * the run then parses and embeds only the files that differ from it — a fresh indexer host
 * or CI runner does not build the whole index again. The scan compares content hashes
 * (sizes and times differ between machines); a generation of an older extraction version
 * is re-extracted by the run, as any old index is. Returns that generation, or null.
 */
function seedFromPublished(indexDir: string, generations: IndexGenerations, repository: string): number | null {
  const paths = indexPaths(indexDir);
  if (existsSync(paths.curated)) return null;
  const found = generations.checkout(repository, generationCache(indexDir));
  if (found === null) return null;
  prepareIndexDir(indexDir);
  copyFileSync(join(found.dir, 'index.db'), paths.curated);
  const vectors = join(found.dir, VECTORS_FILE);
  if (existsSync(vectors) && !existsSync(paths.vectors)) copyFileSync(vectors, paths.vectors);
  return found.info.generation;
}

/** A consistent snapshot of the local index published as the repository's next generation. */
export function publishSnapshot(
  indexDir: string,
  generations: IndexGenerations,
  lock: IndexRunLock,
): GenerationInfo {
  const snapshot = join(indexDir, `publish-${process.pid}.db`);
  const vectors = join(indexDir, `publish-${process.pid}.vectors.db`);
  for (const file of [snapshot, vectors]) rmSync(file, { force: true });
  try {
    snapshotSqliteIndex(indexDir, snapshot);
    const files: GenerationFile[] = [{ name: 'index.db', path: snapshot }];
    // With `embed` configured the vectors (and the embedding cache) travel in the same generation: a replica never embeds the index.
    if (snapshotSqliteVectors(indexDir, vectors)) files.push({ name: VECTORS_FILE, path: vectors });
    return generations.publish(lock, files, { gitHead: gitHeadOf(indexDir) });
  } finally {
    for (const file of [snapshot, vectors]) rmSync(file, { force: true });
  }
}

export function gitHeadOf(indexDir: string): string | null {
  const reader = openSqliteCuratedReader(indexDir);
  try {
    return reader.stats().gitHead ?? null;
  } finally {
    reader.close();
  }
}
