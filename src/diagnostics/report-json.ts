// The JSON a diagnosis is printed as (`cairn diagnose --json`): the escalation decision,
// and when escalated the retrieval bundle with the fields agents read — `phase_id`,
// `timestamp`, `priority`, `run_artifacts`, `sot_files`, `memory_entries`, `stats` — paths
// relative to the run directory or the repository root.

import type { DiagnosticReport } from './deep-retrieve.js';
import type { EscalationDecision } from './escalate.js';

export function decisionJson(decision: EscalationDecision) {
  return {
    phase_id: decision.phaseId,
    attempt: decision.attempt,
    escalate: decision.escalate,
    priority: decision.priority,
    triggers_fired: decision.triggers.filter((trigger) => trigger.fired).map((trigger) => trigger.id),
    triggers: decision.triggers.map((trigger) => ({ id: trigger.id, fired: trigger.fired, reasons: trigger.reasons, summary: trigger.summary })),
    warnings: decision.warnings,
  };
}

export type DecisionJson = ReturnType<typeof decisionJson>;

export function reportJson(report: DiagnosticReport) {
  const run = report.runArtifacts.taken.map((taken) => ({ path: taken.item.path, content: taken.content, size: taken.size, modified: taken.item.modified, truncated: taken.truncated }));
  const sot = report.sotFiles.taken.map((taken) => ({
    path: taken.item.path,
    content: taken.content,
    size: taken.size,
    relevance_score: taken.item.relevance,
    truncated: taken.truncated,
    reasons: taken.item.reasons,
  }));
  const memory = report.memoryEntries.taken.map((taken) => ({
    id: taken.item.id,
    content: taken.content,
    size: taken.size,
    similarity: taken.item.similarity.score,
    recorded_at: taken.item.recordedAt,
    truncated: taken.truncated,
  }));
  return {
    phase_id: report.phaseId,
    timestamp: report.timestamp,
    priority: report.priority,
    run_artifacts: run,
    sot_files: sot,
    memory_entries: memory,
    stats: {
      run_artifacts_count: run.length,
      run_artifacts_size: report.runArtifacts.bytes,
      sot_files_count: sot.length,
      sot_files_size: report.sotFiles.bytes,
      memory_entries_count: memory.length,
      memory_entries_size: report.memoryEntries.bytes,
    },
    caps: {
      run_artifacts: { files: report.caps.runArtifacts.count, bytes: report.caps.runArtifacts.bytes },
      sot_files: { files: report.caps.sotFiles.count, bytes: report.caps.sotFiles.bytes },
      memory_entries: { entries: report.caps.memoryEntries.count, bytes: report.caps.memoryEntries.bytes },
    },
    notes: report.notes,
    /** What was not read, and why (links leaving the run directory or the repository, pipes, unreadable folders). */
    skipped: [...report.skipped.runDir.map((entry) => ({ in: 'run_dir', ...entry })), ...report.skipped.sourceOfTruth.map((entry) => ({ in: 'repo', ...entry }))],
  };
}

export type ReportJson = ReturnType<typeof reportJson>;
