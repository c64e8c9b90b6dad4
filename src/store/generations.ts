// Immutable, versioned index generations shared through a database (team scale, issue
// 25): an indexer builds the curated index locally (SQLite), then publishes the finished
// files as generation N of its repository; each replica opens the newest published
// generation from a local cache folder, downloading and verifying it once. A generation is
// visible whole or not at all, and one index run per repository holds the lock at a time,
// across machines. Adapter: ./postgres (index-generations.ts).

export interface GenerationFile {
  /** The file's name in the index directory (`index.db`, `vectors.db`). */
  name: string;
  /** Where the publisher reads it from: a finished, consistent copy nobody writes to. */
  path: string;
}

export interface GenerationInfo {
  repository: string;
  /** 1, 2, 3… per repository, in publishing order. */
  generation: number;
  files: { name: string; sha256: string; bytes: number }[];
  gitHead: string | null;
  /** Unix ms. */
  publishedAt: number;
}

/** The lock of one index run of one repository; released by `release()` or by the holder's death. */
export interface IndexRunLock {
  readonly repository: string;
  release(): void;
}

export interface IndexGenerations {
  /** Takes the repository's index-run lock, or null when another run (on any machine) holds it. */
  tryLock(repository: string): IndexRunLock | null;
  /** Publishes `files` as the repository's next generation; the caller must hold its lock. */
  publish(lock: IndexRunLock, files: readonly GenerationFile[], meta: { gitHead: string | null }): GenerationInfo;
  /** The newest published generation, or null when none was. */
  latest(repository: string): GenerationInfo | null;
  /**
   * The newest published generation's files in a folder under `cacheDir` (an index
   * directory a SQLite reader opens), downloaded and checked against their hashes when not
   * cached yet; null when nothing was published.
   */
  checkout(repository: string, cacheDir: string): { dir: string; info: GenerationInfo } | null;
  /** Every repository with a published generation, by name. */
  repositories(): string[];
  close(): void;
}
