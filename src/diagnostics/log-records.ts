// A diagnose run in the raw log, so that `cairn explain` shows it: the escalation decision
// (every trigger, fired or not, and why; the priority), then per category each item
// considered — taken whole, cut, or left out and why (caps, binary, links leaving the run
// directory) — and what each category took against its caps. Nothing here is written by
// the diagnosis itself: the face appends these entries, the one write a diagnose makes.

import type { RawLogEntry } from '../store/raw-log.js';
import type { DecisionRecord, DiagnosisEscalation, DiagnosisRetrieval } from '../retrieval/pipeline/log-payloads.js';
import type { CapOutcome, CapVerdict } from './caps.js';
import type { DiagnosticReport } from './deep-retrieve.js';
import type { EscalationDecision } from './escalate.js';

export const CATEGORY_STAGES = { run_artifacts: 'diagnose:run_artifacts', sot_files: 'diagnose:sot_files', memory_entries: 'diagnose:memory_entries' } as const;

export interface DiagnosisRun {
  taskId: string;
  runId: string;
  runDir: string;
  decision: EscalationDecision;
  report: DiagnosticReport | null;
  /** Wall time of the decision and the retrieval. */
  ms: number;
}

export function diagnosisEntries(run: DiagnosisRun): RawLogEntry[] {
  const entry = (kind: RawLogEntry['kind'], stage: string, payload: unknown): RawLogEntry => ({ taskId: run.taskId, runId: run.runId, kind, stage, payload });
  const escalation: DiagnosisEscalation = {
    event: 'escalation',
    phaseId: run.decision.phaseId,
    attempt: run.decision.attempt,
    escalate: run.decision.escalate,
    priority: run.decision.priority,
    triggers: run.decision.triggers.map((trigger) => ({ id: trigger.id, fired: trigger.fired, reasons: trigger.reasons, summary: trigger.summary })),
    attemptLogs: run.decision.attemptLogs,
    warnings: run.decision.warnings,
    runDir: run.runDir,
    errorMessage: run.decision.bundle.errorMessage.slice(0, 1000),
  };
  const entries = [entry('diagnosis', 'escalation', escalation)];
  const report = run.report;
  if (report === null) return entries;
  const sotScores = new Map(report.sotRanking.map((ranked) => [ranked.path, ranked]));
  const skippedRun = report.skipped.runDir.map((skip) => ({ id: skip.path, verdict: 'excluded' as const, reason: skip.reason, bytes: 0 }));
  entries.push(
    entry('decisions', CATEGORY_STAGES.run_artifacts, { decisions: [...report.runArtifacts.verdicts, ...skippedRun].map((verdict) => decisionOf(verdict, 'run_artifacts', 0, {})) }),
    entry('decisions', CATEGORY_STAGES.sot_files, {
      decisions: report.sotFiles.verdicts.map((verdict) => {
        const ranked = sotScores.get(verdict.id);
        return decisionOf(verdict, 'sot_files', ranked?.relevance ?? 0, {}, ranked?.reasons);
      }),
    }),
    entry('decisions', CATEGORY_STAGES.memory_entries, {
      decisions: report.memoryEntries.verdicts.map((verdict) => {
        const taken = report.memoryEntries.taken.find((item) => item.item.id === verdict.id);
        return decisionOf(verdict, 'memory_entries', taken?.item.similarity.score ?? 0, {});
      }),
    }),
  );
  const retrieval: DiagnosisRetrieval = {
    event: 'retrieval',
    priority: report.priority,
    categories: {
      run_artifacts: outcomeOf(report.runArtifacts, report.caps.runArtifacts),
      sot_files: outcomeOf(report.sotFiles, report.caps.sotFiles),
      memory_entries: outcomeOf(report.memoryEntries, report.caps.memoryEntries),
    },
    notes: report.notes,
    ms: run.ms,
  };
  entries.push(entry('diagnosis', 'retrieval', retrieval));
  return entries;
}

function decisionOf(verdict: CapVerdict, category: string, score: number, signals: Record<string, number>, why?: string[]): DecisionRecord {
  const truncated = verdict.verdict === 'included' && verdict.reason.startsWith('truncated');
  return {
    subject: 'file',
    id: verdict.id,
    tier: null,
    tierName: category,
    verdict: verdict.verdict,
    label: truncated ? 'truncated' : verdict.verdict,
    reason: why && why.length > 0 ? `${verdict.reason} · ranked by ${why.join(', ')}` : verdict.reason,
    score,
    signals: { ...signals, bytes: verdict.bytes },
    judge: 'rule',
  };
}

function outcomeOf(outcome: CapOutcome<unknown>, cap: { count: number; bytes: number }): DiagnosisRetrieval['categories']['run_artifacts'] {
  return { count: outcome.taken.length, bytes: outcome.bytes, capCount: cap.count, capBytes: cap.bytes, truncated: outcome.truncated, considered: outcome.verdicts.length, stoppedBy: outcome.stoppedBy };
}
