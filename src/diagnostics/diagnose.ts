// `cairn diagnose` as one application function: judge the handoff bundle, and when it is
// escalated (or always, when asked) retrieve the evidence under the priority's caps. The
// result carries the raw-log entries that record it; writing them is the caller's one
// write, made after the diagnosis — which itself writes nothing.

import type { DiagnosticsConfig } from '../config/schema.js';
import type { RawLogEntry } from '../store/raw-log.js';
import { deepRetrieve, type DeepRetrievalPorts, type DiagnosticReport } from './deep-retrieve.js';
import { shouldEscalate, type EscalationDecision } from './escalate.js';
import { diagnosisEntries } from './log-records.js';
import { decisionJson, reportJson, type DecisionJson, type ReportJson } from './report-json.js';
import { openRunDirectory, runDirectoryExclusion, type RepositoryVisibility } from './run-directory.js';

export interface DiagnoseRequest {
  bundle: unknown;
  phaseId: string;
  attempt: number;
  runDir: string;
  repoRoot: string;
  /** Absolute folders that are not source of truth (the index directory). */
  notSourceOfTruth?: string[];
  /** Run-directory paths left out of the run artifacts (the bundle file itself, when it lies there). */
  excludeFromRun?: (relative: string) => boolean;
  /**
   * For an agent face: the repository-relative paths it may read (what the index could show:
   * no `.git`, no index directory, no ignored files). The run directory must then lie inside
   * the repository; files and folders it hides are not read, nor listed. Absent for the
   * operator's own `cairn diagnose`, which reads the folders it is given.
   */
  visible?: RepositoryVisibility;
  settings: DiagnosticsConfig;
  /** 'always' retrieves even without escalation (at the decision's priority). */
  retrieve: 'escalated' | 'always';
  taskId: string;
  runId: string;
  now?: () => number;
}

export interface DiagnoseResult {
  decision: EscalationDecision;
  report: DiagnosticReport | null;
  json: { decision: DecisionJson; retrieval: ReportJson | null };
  /** What `cairn explain` shows of this run, for the caller to append to the raw log. */
  entries: RawLogEntry[];
  ms: number;
}

export async function diagnose(ports: DeepRetrievalPorts, request: DiagnoseRequest): Promise<DiagnoseResult> {
  const clock = request.now ?? Date.now;
  const started = performance.now();
  const exclude = runDirectoryExclusion(request);
  const runDir = openRunDirectory(request.runDir, exclude ? { exclude } : {});
  const decision = shouldEscalate(request.bundle, request.phaseId, request.attempt, { settings: request.settings, runDir });
  const report =
    decision.escalate || request.retrieve === 'always'
      ? await deepRetrieve(ports, {
          bundle: decision.bundle,
          phaseId: decision.phaseId,
          priority: decision.priority,
          runDir,
          repoRoot: request.repoRoot,
          ...(request.notSourceOfTruth ? { notSourceOfTruth: request.notSourceOfTruth } : {}),
          ...(request.visible ? { visible: request.visible } : {}),
          settings: request.settings,
          now: clock(),
        })
      : null;
  const ms = Math.round(performance.now() - started);
  const entries = diagnosisEntries({ taskId: request.taskId, runId: request.runId, runDir: request.runDir, decision, report, ms });
  return { decision, report, json: { decision: decisionJson(decision), retrieval: report ? reportJson(report) : null }, entries, ms };
}
