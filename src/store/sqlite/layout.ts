// Where the SQLite adapter keeps its files inside an index directory. The curated index,
// the raw log and the session store are separate databases so that the index can be
// opened read-only (and rebuilt or deleted) while logs and sessions are being written.
// Where the index directory is (default <repo>/.cairn) is decided by src/config/load.ts.

import { join } from 'node:path';

export interface IndexPaths {
  dir: string;
  /** The curated store: files, symbols, edges, chunks, full-text tables. */
  curated: string;
  /**
   * A full build (the first index, or `--rebuild`) is written here and renamed over
   * `curated` once complete, so readers see the old index or the new one, never a part.
   */
  staged: string;
  /** The append-only raw log. */
  rawLog: string;
  /** Per-task session state. */
  sessions: string;
  /**
   * Optional symbol vectors and their embedding cache (sqlite-vec). Apart from index.db so
   * the cache survives `cairn index --rebuild`, index.db stays small, and the extension is
   * loaded only when vectors are configured.
   */
  vectors: string;
  /** Past failures and their resolutions (`cairn failures record`), read by `cairn diagnose`. */
  failures: string;
  /** Episode memory: hydrations, the artifact vault, entity states, the ledger, the ETV cache. */
  memory: string;
  /** Model-written file summaries (`cairn enrich`), staged and promoted; apart so a rebuild keeps them. */
  enrichment: string;
}

export function indexPaths(indexDir: string): IndexPaths {
  return {
    dir: indexDir,
    curated: join(indexDir, 'index.db'),
    staged: join(indexDir, 'index.next.db'),
    rawLog: join(indexDir, 'raw-log.db'),
    sessions: join(indexDir, 'sessions.db'),
    vectors: join(indexDir, 'vectors.db'),
    failures: join(indexDir, 'failures.db'),
    memory: join(indexDir, 'memory.db'),
    enrichment: join(indexDir, 'enrichment.db'),
  };
}
