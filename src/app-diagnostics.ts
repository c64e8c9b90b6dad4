// Composition root, diagnostics part: the read-only ports a diagnosis runs on, and the raw
// log it is recorded in. A diagnosis never refreshes, builds or waits for the index: it
// reads the last complete index if there is one (else the folders alone), the failure
// memory through a reader that creates nothing, and cairn's ranker without vectors (no
// embedding server is called, no vector file opened).

import { existsSync } from 'node:fs';
import { openReader, type RepoContext } from './app.js';
import { describeError } from './core/errors.js';
import type { DeepRetrievalPorts } from './diagnostics/deep-retrieve.js';
import { diagnose, type DiagnoseResult } from './diagnostics/diagnose.js';
import type { RepositoryVisibility } from './diagnostics/run-directory.js';
import { indexVisibility, neverVisible } from './indexer/walk/visibility.js';
import { checkTaskId, newId } from './retrieval/pipeline/ids.js';
import { createCairnRanker } from './search/rank/cairn-ranker.js';
import type { CuratedReader } from './store/curated.js';
import type { FailureMemory, FailureMemoryReader } from './store/failures.js';
import type { RawLogEntry } from './store/raw-log.js';
import { indexPaths, openSqliteFailureMemory, openSqliteFailureReader, openSqliteRawLog } from './store/sqlite/index.js';

export interface DiagnosticsSession {
  ports: DeepRetrievalPorts;
  /** Why the index is not used, when it is not. */
  notes: string[];
  close(): void;
}

export function openDiagnostics(context: Pick<RepoContext, 'indexDir'>): DiagnosticsSession {
  const notes: string[] = [];
  const reader = completeReader(context, notes);
  const session = diagnosticsOver(context, reader, notes);
  return {
    ...session,
    close: () => {
      session.close();
      reader?.close();
    },
  };
}

/** The ports over a reader the caller holds and closes (a served workspace's current index), the failure memory opened for this diagnosis. */
export function diagnosticsOver(context: Pick<RepoContext, 'indexDir'>, reader: CuratedReader | null, notes: string[] = []): DiagnosticsSession {
  const failures = failureReader(context, notes);
  return { ports: { reader, ranker: reader ? createCairnRanker() : null, failures }, notes, close: () => failures.close() };
}

export interface DiagnosisInput {
  bundle: unknown;
  /** The failing run's directory, absolute. */
  runDir: string;
  phase: string;
  attempt: number;
  /** Retrieve evidence even when the bundle is not escalated. */
  always: boolean;
  /** The task id to record the diagnosis under (default: a new one). */
  taskId?: string | undefined;
  excludeFromRun?: ((path: string) => boolean) | undefined;
  /** For an agent face: what it may read of the repository (`agentVisibility`). */
  visible?: RepositoryVisibility | undefined;
}

/** `diagnose` as every face runs it on a repository: its root, its settings, a task and run id. Writes nothing (the caller logs the entries). */
export async function runDiagnosis(context: RepoContext, ports: DeepRetrievalPorts, input: DiagnosisInput): Promise<DiagnoseResult & { taskId: string }> {
  const taskId = input.taskId === undefined ? newId('task') : checkTaskId(input.taskId);
  const result = await diagnose(ports, {
    bundle: input.bundle,
    phaseId: input.phase,
    attempt: input.attempt,
    runDir: input.runDir,
    repoRoot: context.root,
    notSourceOfTruth: [context.indexDir],
    ...(input.excludeFromRun ? { excludeFromRun: input.excludeFromRun } : {}),
    ...(input.visible ? { visible: input.visible } : {}),
    settings: context.config.diagnostics,
    retrieve: input.always ? 'always' : 'escalated',
    taskId,
    runId: newId('run'),
  });
  return { ...result, taskId };
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
function failureReader(context: Pick<RepoContext, 'indexDir'>, notes: string[]): FailureMemoryReader {
  try {
    return openSqliteFailureReader(context.indexDir);
  } catch (error) {
    notes.push(`the failure memory in ${context.indexDir} cannot be read (${describeError(error)}): no past failures are shown`);
    return { list: () => [], count: () => 0, close: () => undefined };
  }
}

function completeReader(context: Pick<RepoContext, 'indexDir'>, notes: string[]): CuratedReader | null {
  if (!existsSync(indexPaths(context.indexDir).curated)) {
    notes.push(`no index in ${context.indexDir}: the source of truth is ranked without it (run \`cairn index\` for cairn's ranking)`);
    return null;
  }
  let reader: CuratedReader;
  try {
    reader = openReader(context);
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
    const log = openSqliteRawLog(context.indexDir, { maxBytes: context.config.log.maxBytes });
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

export function openFailureMemory(context: Pick<RepoContext, 'indexDir'>): FailureMemory {
  return openSqliteFailureMemory(context.indexDir);
}

/** The failure memory, read-only (empty, and nothing created, when nothing was recorded). */
export function openFailureReader(context: Pick<RepoContext, 'indexDir'>): FailureMemoryReader {
  return openSqliteFailureReader(context.indexDir);
}
