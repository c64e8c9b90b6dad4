// Composition root, diagnostics part: the read-only ports a diagnosis runs on, and the raw
// log it is recorded in. A diagnosis never refreshes, builds or waits for the index: it
// reads the last complete index if there is one (else the folders alone), the failure
// memory through a reader that creates nothing, and cairn's ranker without vectors (no
// embedding server is called, no vector file opened).

import { existsSync } from 'node:fs';
import type { RepoContext } from '../config/repo-context.js';
import { describeError } from '../core/errors.js';
import type { RepositoryVisibility } from '../diagnostics/run-directory.js';
import type { DiagnosticsAccess } from '../operations/handle.js';
import { indexVisibility, neverVisible } from '../indexer/walk/visibility.js';
import { createCairnRanker } from '../search/rank/cairn-ranker.js';
import type { CuratedReader } from '../store/curated.js';
import type { FailureMemoryReader } from '../store/failures.js';
import type { RawLogEntry } from '../store/raw-log.js';
import { storesOf } from './stores.js';

export type DiagnosticsSession = DiagnosticsAccess;

export function openDiagnostics(context: Pick<RepoContext, 'indexDir'>): DiagnosticsSession {
  const notes: string[] = [];
  const reader = completeReader(context, notes);
  const session = diagnosticsOver(context, reader);
  return {
    ...session,
    notes: [...notes, ...session.notes],
    close: () => {
      session.close();
      reader?.close();
    },
  };
}

/**
 * The ports over a reader the caller holds and closes (a served workspace's current index).
 * The failure memory is the caller's when it holds one open (a served workspace keeps it, so
 * a diagnosis opens no store of its own), else one opened and closed for this diagnosis.
 */
export function diagnosticsOver(context: Pick<RepoContext, 'indexDir'>, reader: CuratedReader | null, held?: () => FailureMemoryReader): DiagnosticsSession {
  const notes: string[] = [];
  const failures = failureReader(context, notes, held);
  return { ports: { reader, ranker: reader ? createCairnRanker() : null, failures }, notes, close: () => (held ? undefined : failures.close()) };
}

/**
 * What an agent face (HTTP, MCP) may read of a repository for a diagnosis: what the index
 * could show — never `.git`, the index directory or what the repository's ignore rules and
 * `index.exclude` hide (the indexer's own rules: indexer/walk/visibility.ts) — and, inside
 * the folders the operator names in `diagnostics.runFolders`, everything but `.git` and the
 * index directory. Built per diagnosis: ignore files are read as they are now.
 */
export function agentVisibility(context: Pick<RepoContext, 'root' | 'indexDir' | 'config'>): RepositoryVisibility {
  const indexed = indexVisibility(context.root, { exclude: context.config.index.exclude, indexDir: context.indexDir });
  const internal = neverVisible(context.root, context.indexDir);
  const runFolders = context.config.diagnostics.runFolders;
  return (path, isDirectory) => {
    const configured = runFolders.some((folder) => path === folder || path.startsWith(`${folder}/`));
    return configured ? !internal(path) : indexed(path, isDirectory);
  };
}

/** The failure memory; one that cannot be read is noted and taken as empty (the rest of the diagnosis still stands). */
function failureReader(context: Pick<RepoContext, 'indexDir'>, notes: string[], held?: () => FailureMemoryReader): FailureMemoryReader {
  try {
    return held ? held() : storesOf(context).failureReader();
  } catch (error) {
    notes.push(`the failure memory in ${context.indexDir} cannot be read (${describeError(error)}): no past failures are shown`);
    return { list: () => [], count: () => 0, close: () => undefined };
  }
}

function completeReader(context: Pick<RepoContext, 'indexDir'>, notes: string[]): CuratedReader | null {
  const stores = storesOf(context);
  if (!stores.hasIndex()) {
    notes.push(`no index in ${context.indexDir}: the source of truth is ranked without it (run \`cairn index\` for cairn's ranking)`);
    return null;
  }
  let reader: CuratedReader;
  try {
    reader = stores.reader();
  } catch (error) {
    notes.push(`the index in ${context.indexDir} cannot be read (${describeError(error)}): the source of truth is ranked without it`);
    return null;
  }
  if (reader.meta('state') === 'complete') return reader;
  reader.close();
  notes.push(`the index in ${context.indexDir} is not complete (an index run is under way or was stopped): the source of truth is ranked without it`);
  return null;
}

/**
 * Appends a diagnosis to the raw log, only where an index directory already exists (a
 * diagnosis creates nothing in the repository). Returns why it was not logged, or null.
 */
export function logDiagnosis(context: Pick<RepoContext, 'indexDir' | 'config'>, entries: RawLogEntry[]): string | null {
  if (!existsSync(context.indexDir)) return `no index directory at ${context.indexDir} (run \`cairn index\` to create one)`;
  try {
    const log = storesOf(context).rawLog();
    try {
      log.appendAll(entries);
    } finally {
      log.close();
    }
    return null;
  } catch (error) {
    return describeError(error);
  }
}
