// The four escalation triggers, each a pure function of the bundle (and, for repeated
// failures, of what the earlier attempts' logs hold). Each says whether it fired and every
// condition that made it fire, in words a person reads in `cairn explain`.

import type { DiagnosticsConfig } from '../config/schema.js';
import { charCount, CRITICAL_FIELDS, type HandoffBundle } from './bundle.js';
import { hasActionablePointer, type BundleEvidence } from './evidence.js';

export type TriggerId = 'minimal_bundle' | 'no_actionable_context' | 'repeated_failures' | 'no_clear_root_cause';

export interface TriggerResult {
  id: TriggerId;
  fired: boolean;
  /** The conditions that held (empty when the trigger did not fire). */
  reasons: string[];
  /** One line either way: what was checked and what was found. */
  summary: string;
}

export type TriggerSettings = DiagnosticsConfig['triggers'];

/** An earlier attempt's log and the failure markers found in it. */
export interface AttemptLog {
  path: string;
  attempt: number;
  markers: string[];
}

function result(id: TriggerId, reasons: string[], quiet: string): TriggerResult {
  return { id, fired: reasons.length > 0, reasons, summary: reasons.length > 0 ? reasons.join('; ') : quiet };
}

/** 1. Empty or minimal bundle. */
export function minimalBundle(bundle: HandoffBundle, settings: TriggerSettings): TriggerResult {
  const reasons: string[] = [];
  const message = charCount(bundle.errorMessage.trim());
  if (bundle.keys.length === 0) reasons.push('the bundle has no keys');
  if (message < settings.minErrorChars) reasons.push(`error message is ${message} characters, under ${settings.minErrorChars}`);
  if (bundle.stackTrace.trim() === '' && bundle.recentChanges.length === 0) reasons.push('no stack trace and no recent changes');
  if (emptyCritical(bundle).length === CRITICAL_FIELDS.length) reasons.push(`all critical fields are empty (${CRITICAL_FIELDS.join(', ')})`);
  return result('minimal_bundle', reasons, `error message ${message} characters; ${4 - emptyCritical(bundle).length} of 4 critical fields given`);
}

export function emptyCritical(bundle: HandoffBundle): string[] {
  const empty: Record<(typeof CRITICAL_FIELDS)[number], boolean> = {
    error_message: bundle.errorMessage.trim() === '',
    stack_trace: bundle.stackTrace.trim() === '',
    recent_changes: bundle.recentChanges.length === 0,
    root_cause: bundle.rootCause.trim() === '',
  };
  return CRITICAL_FIELDS.filter((field) => empty[field]);
}

/** 2. No actionable context. */
export function noActionableContext(bundle: HandoffBundle, evidence: BundleEvidence, settings: TriggerSettings): TriggerResult {
  const reasons: string[] = [];
  const message = bundle.errorMessage.toLowerCase();
  const phrases = settings.genericPhrases.filter((phrase) => message.includes(phrase.toLowerCase()));
  if (phrases.length > 0) reasons.push(`error message is generic ("${phrases.join('", "')}")`);
  const length = charCount(bundle.errorMessage.trim());
  if (length < settings.minActionableChars) reasons.push(`error message is ${length} characters, under ${settings.minActionableChars}`);
  if (!hasActionablePointer(evidence)) reasons.push('no file path, line number or module name anywhere in the bundle');
  const found = [
    evidence.paths.length ? `${evidence.paths.length} paths` : null,
    evidence.lines.length ? `${evidence.lines.length} line numbers` : null,
    evidence.modules.length ? `${evidence.modules.length} module names` : null,
  ].filter(Boolean);
  return result('no_actionable_context', reasons, `error message specific, ${length} characters; points at ${found.join(', ')}`);
}

/** 3. Repeated failures: from `repeatAttempt` on, an earlier attempt's log of the phase shows a failure marker. */
export function repeatedFailures(attempt: number, logs: readonly AttemptLog[], settings: TriggerSettings): TriggerResult {
  if (attempt < settings.repeatAttempt) {
    return result('repeated_failures', [], `attempt ${attempt}: earlier attempts are looked at from attempt ${settings.repeatAttempt}`);
  }
  const failing = logs.filter((log) => log.markers.length > 0);
  const reasons = failing.length === 0 ? [] : [`attempt ${attempt}, and earlier attempts failed: ${failing.map((log) => `${log.path} (attempt ${log.attempt}: ${log.markers.join(', ')})`).join('; ')}`];
  const quiet = logs.length === 0 ? `attempt ${attempt}, but no log of an earlier attempt of this phase in the run directory` : `attempt ${attempt}; ${logs.length} earlier attempt logs hold no failure marker`;
  return result('repeated_failures', reasons, quiet);
}

/** 4. No clear root cause. */
export function noClearRootCause(bundle: HandoffBundle, settings: TriggerSettings): TriggerResult {
  const cause = bundle.rootCause.trim();
  if (cause === '') return result('no_clear_root_cause', ['root cause is missing'], '');
  const reasons: string[] = [];
  const lower = cause.toLowerCase();
  const vague = settings.vagueRootCause.filter((word) => containsWord(lower, word.toLowerCase()));
  if (vague.length > 0) reasons.push(`root cause says "${vague.join('", "')}"`);
  const length = charCount(cause);
  if (length < settings.minRootCauseChars) reasons.push(`root cause is ${length} characters, under ${settings.minRootCauseChars}`);
  return result('no_clear_root_cause', reasons, `root cause given, ${length} characters`);
}

/**
 * The phrase at the start of a word: "investigate" is in "to investigate" and in
 * "investigated"; a phrase "sure" would not be in "unsure".
 */
function containsWord(text: string, phrase: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(phrase, from);
    if (at < 0) return false;
    if (at === 0 || !/[\p{L}\p{N}_]/u.test(text[at - 1]!)) return true;
    from = at + 1;
  }
}
