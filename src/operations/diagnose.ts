// A failing run's diagnosis for the agent faces (MCP `diagnose_failure`, HTTP `POST
// /diagnose`): `cairn diagnose` over the served index state, with the handoff bundle in the
// request and the run's directory named inside the repository — a face never reads a folder
// outside what it serves, nor what the index would not show: `.git`, the index directory,
// and what the repository ignores (unless the operator names the folder in
// `diagnostics.runFolders`). The run directory is refused alike whether it exists or not; the
// files the repository hides inside it are not read. Evidence comes back with credentials
// redacted (diagnostics/caps.ts). Recorded in the workspace's raw log, so `explain` shows it.

import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { RepoContext, RepoHandle } from './handle.js';
import { InputError, NotFoundError } from '../core/errors.js';
import { insideRepository } from '../core/repo-files.js';
import type { DeepRetrievalPorts } from '../diagnostics/deep-retrieve.js';
import { diagnose, type DiagnoseResult } from '../diagnostics/diagnose.js';
import type { RepositoryVisibility } from '../diagnostics/run-directory.js';
import { checkTaskId, newId } from '../runlog/ids.js';
import { containedPath } from './contained.js';

export { diagnosisMarkdown } from '../diagnostics/report-markdown.js';

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

/** As `cairn diagnose` takes it, but `runDir` is repository-relative (and no bundle file to leave out of the run). */
export type DiagnoseInput = Omit<DiagnosisInput, 'excludeFromRun' | 'visible'>;

export interface DiagnoseAnswer extends DiagnoseResult {
  taskId: string;
  /** Why the index or the failure memory was not used, when it was not. */
  notes: string[];
  /** Why the diagnosis is not in the raw log, or null. */
  unlogged: string | null;
}

export async function diagnoseRun(repo: RepoHandle, input: DiagnoseInput): Promise<DiagnoseAnswer> {
  const visible = repo.agentVisibility();
  const runDir = runFolder(repo.context.root, input.runDir, visible);
  const session = repo.diagnostics();
  try {
    const result = await runDiagnosis(repo.context, session.ports, { ...input, runDir, visible });
    return { ...result, notes: session.notes, unlogged: repo.recordDiagnosis(result.entries) };
  } finally {
    session.close();
  }
}

function runFolder(root: string, given: string, visible: RepositoryVisibility): string {
  const relative = containedPath('run_dir', given).replace(/\/+$/, '');
  if (!visible(relative, true)) {
    throw new InputError('INPUT_INVALID', `run_dir ${relative} is not a folder the index shows: .git, the index directory and what the repository ignores are never read`, {
      hint: 'name the run folder in diagnostics.runFolders (cairn.yaml) to let agents diagnose a git-ignored folder',
    });
  }
  const stats = lstatSync(join(root, relative), { throwIfNoEntry: false });
  if (stats === undefined) throw new NotFoundError(`run_dir ${relative} does not exist in the repository`, { hint: "name the failing run's folder, repository-relative" });
  if (!stats.isDirectory() || !insideRepository(root, relative)) {
    throw new InputError('INPUT_INVALID', `run_dir ${relative} is not a folder inside the repository`, { hint: 'a link leaving the repository is not followed' });
  }
  return join(root, relative);
}
