// Where the SQLite adapter keeps its files inside an index directory. The curated index,
// the raw log and the session store are separate databases so that the index can be
// opened read-only (and rebuilt or deleted) while logs and sessions are being written.

import { join } from 'node:path';

/** The index directory's name inside a repository when none is configured. */
export const DEFAULT_INDEX_DIR_NAME = '.cairn';

export interface IndexPaths {
  dir: string;
  /** The curated store: files, symbols, edges, chunks, full-text tables. */
  curated: string;
  /** The append-only raw log. */
  rawLog: string;
  /** Per-task session state. */
  sessions: string;
}

export function indexPaths(indexDir: string): IndexPaths {
  return {
    dir: indexDir,
    curated: join(indexDir, 'index.db'),
    rawLog: join(indexDir, 'raw-log.db'),
    sessions: join(indexDir, 'sessions.db'),
  };
}

export function defaultIndexDir(repoRoot: string): string {
  return join(repoRoot, DEFAULT_INDEX_DIR_NAME);
}
