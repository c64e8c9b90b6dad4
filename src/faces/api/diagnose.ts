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
import { agentVisibility, diagnosticsOver, runDiagnosis, type DiagnosisInput } from '../../app-diagnostics.js';
import type { IndexView } from '../../app-workspace.js';
import { describeError, InputError, NotFoundError } from '../../core/errors.js';
import { insideRepository } from '../../core/repo-files.js';
import type { DiagnoseResult } from '../../diagnostics/diagnose.js';
import type { RepositoryVisibility } from '../../diagnostics/run-directory.js';
import { containedPath } from './contained.js';

/** As `cairn diagnose` takes it, but `runDir` is repository-relative (and no bundle file to leave out of the run). */
export type DiagnoseInput = Omit<DiagnosisInput, 'excludeFromRun' | 'visible'>;

export interface DiagnoseAnswer extends DiagnoseResult {
  taskId: string;
  /** Why the index or the failure memory was not used, when it was not. */
  notes: string[];
  /** Why the diagnosis is not in the raw log, or null. */
  unlogged: string | null;
}

export async function diagnoseRun(view: IndexView, input: DiagnoseInput): Promise<DiagnoseAnswer> {
  const visible = agentVisibility(view.context);
  const runDir = runFolder(view.context.root, input.runDir, visible);
  const session = diagnosticsOver(view.context, view.reader);
  try {
    const result = await runDiagnosis(view.context, session.ports, { ...input, runDir, visible });
    return { ...result, notes: session.notes, unlogged: append(view, result) };
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

function append(view: IndexView, result: DiagnoseResult): string | null {
  try {
    view.rawLog.appendAll(result.entries);
    return null;
  } catch (error) {
    return describeError(error);
  }
}
