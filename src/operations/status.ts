// `cairn status` as an operation: what the index holds (the same overview HTTP `GET /repos`
// answers, overview.ts), its schema and state, the process writing it, what the mined
// history lacks, the raw log's size and how far the index is behind the disk. The CLI is its
// only face; the index is read whatever its state (a status must show an index being
// written, not wait for it), through the reader the composition root hands in.

import type { RepoContext } from '../config/repo-context.js';
import { GIT_NOTE_META } from '../indexer/git/history-note.js';
import { activeIndexWriter } from '../indexer/lock.js';
import { pendingChanges, type PendingChanges } from '../indexer/pending-changes.js';
import type { IndexState } from '../store/curated.js';
import type { CuratedReader } from '../store/curated.js';
import type { RawLogUsage } from '../store/raw-log.js';
import { overviewOf, type RepositoryOverview } from './overview.js';

export type { PendingChanges, RawLogUsage };

export interface StatusPorts {
  context: RepoContext;
  /** The index whatever its state (app/readers.ts `openOrExplain`). */
  reader: CuratedReader;
  /** How big and how old the raw log is, read without opening it for writing. */
  rawLogUsage(): RawLogUsage;
}

export interface IndexStatus {
  overview: RepositoryOverview;
  schemaVersion: number;
  state: IndexState;
  docLinks: number;
  /** The process writing the index now, or null. */
  writer: number | null;
  /** What the mined git history lacks (a shallow or partial clone, no git), or null when complete. */
  historyNote: string | null;
  rawLog: RawLogUsage;
  /** Files added, changed and removed on disk since the last index run. */
  pending: PendingChanges;
  /** 'ok' when every page was checked (`check`); a damaged index throws before any figure is read. */
  integrity: 'ok' | null;
}

export async function indexStatus(ports: StatusPorts, options: { check: boolean }): Promise<IndexStatus> {
  const { context, reader } = ports;
  // First: a damaged index fails here, before any figure read from it is shown.
  if (options.check) reader.checkIntegrity('full');
  const stats = reader.stats();
  return {
    overview: overviewOf(stats),
    schemaVersion: stats.schemaVersion,
    state: stats.state,
    docLinks: stats.docLinks,
    writer: activeIndexWriter(context.indexDir),
    historyNote: reader.meta(GIT_NOTE_META),
    rawLog: ports.rawLogUsage(),
    pending: await pendingChanges(context.root, context.indexDir, context.config.index, reader),
    integrity: options.check ? 'ok' : null,
  };
}
