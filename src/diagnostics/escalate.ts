// Should a failing run's handoff be escalated to a deep retrieval, and how urgently? Four
// triggers (triggers.ts); priority high with two or more, medium with one, low with none
// (no escalation). Reads the run directory only for trigger 3; writes nothing.

import type { DiagnosticsConfig } from '../config/schema.js';
import { defaultDiagnostics } from '../config/diagnostics-defaults.js';
import { normaliseBundle, type HandoffBundle } from './bundle.js';
import { bundleEvidence } from './evidence.js';
import { scanAttemptLogs } from './attempt-logs.js';
import type { RunDirectory } from './run-directory.js';
import { minimalBundle, noActionableContext, noClearRootCause, repeatedFailures, type AttemptLog, type TriggerResult } from './triggers.js';

export type Priority = 'high' | 'medium' | 'low';

export interface EscalationDecision {
  phaseId: string;
  attempt: number;
  escalate: boolean;
  priority: Priority;
  /** All four, in order, fired or not. */
  triggers: TriggerResult[];
  /** Earlier attempts' logs of the phase that trigger 3 looked at. */
  attemptLogs: AttemptLog[];
  /** What was wrong with the input (bad field types, cut texts, unreadable logs). */
  warnings: string[];
  /** The bundle as judged. */
  bundle: HandoffBundle;
}

export interface EscalationOptions {
  settings?: DiagnosticsConfig;
  /** The run directory, for the logs of earlier attempts (trigger 3 cannot fire without it). */
  runDir?: RunDirectory;
}

export function priorityOf(fired: number): Priority {
  return fired >= 2 ? 'high' : fired === 1 ? 'medium' : 'low';
}

export function shouldEscalate(bundle: unknown, phaseId: string, attempt: number, options: EscalationOptions = {}): EscalationDecision {
  const settings = options.settings ?? defaultDiagnostics();
  const { bundle: normalised, warnings } = normaliseBundle(bundle);
  const phase = typeof phaseId === 'string' && phaseId.trim() !== '' ? phaseId : (normalised.phaseId ?? 'unknown');
  if (phase !== phaseId) warnings.push(`phase id ${JSON.stringify(phaseId) ?? 'undefined'} is not usable: "${phase}" used`);
  const number = Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : (normalised.attempt ?? 1);
  if (number !== attempt) warnings.push(`attempt ${String(attempt)} is not a whole number ≥ 1: ${number} used`);
  const scan = options.runDir ? scanAttemptLogs(options.runDir.walk.files, phase, number, settings.triggers) : { logs: [], unreadable: [] };
  for (const entry of scan.unreadable) warnings.push(`earlier attempt log ${entry.path} cannot be read (${entry.reason})`);
  const triggers = [
    minimalBundle(normalised, settings.triggers),
    noActionableContext(normalised, bundleEvidence(normalised), settings.triggers),
    repeatedFailures(number, scan.logs, settings.triggers),
    noClearRootCause(normalised, settings.triggers),
  ];
  const fired = triggers.filter((trigger) => trigger.fired).length;
  return { phaseId: phase, attempt: number, escalate: fired > 0, priority: priorityOf(fired), triggers, attemptLogs: scan.logs, warnings, bundle: normalised };
}
