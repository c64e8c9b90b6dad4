// One category's caps: at most `count` items and `bytes` bytes of content. Items are taken
// in order while they fit whole; the first one that would pass the byte cap is cut to fit
// and ends with the truncation marker — only when at least `minTruncatedBytes` remain —
// and then the category stops. Every item considered gets a verdict and a reason.
//
// Every evidence text passes through here, so here it is redacted (core/redact.ts): what
// looks like a credential becomes "[redacted]" before it is measured, cut or handed on.
// Items are loaded a margin beyond what fits, so that a secret straddling the cut is seen
// whole by the redactor rather than shown in part.

import type { CategoryCap } from '../config/diagnostics-defaults.js';
import { redactSecrets } from '../core/redact.js';

export const TRUNCATION_MARKER = '\n[... truncated ...]\n';
/** Read beyond the cut so a secret crossing it is redacted whole (a 4096-bit RSA key block is ~3.2 KiB). */
export const REDACTION_MARGIN_BYTES = 8 * 1024;
const MARKER_BYTES = Buffer.byteLength(TRUNCATION_MARKER);

export interface Loaded {
  /** The item's text, or its first part when `complete` is false. */
  text: string;
  /** False when the item is longer than what was loaded. */
  complete: boolean;
  /** When the text is a chosen part of the item rather than all of it: what was taken (for the verdict). */
  part?: string;
}

export interface CapCandidate<T> {
  id: string;
  item: T;
  /** Loads at least `maxBytes` of the content (more is allowed); null to skip the item, with why. */
  load(maxBytes: number): Loaded | { skip: string };
}

export interface Taken<T> {
  item: T;
  content: string;
  /** UTF-8 bytes of `content`. */
  size: number;
  truncated: boolean;
}

export interface CapVerdict {
  id: string;
  verdict: 'included' | 'excluded';
  reason: string;
  bytes: number;
}

export interface CapOutcome<T> {
  taken: Taken<T>[];
  verdicts: CapVerdict[];
  bytes: number;
  truncated: number;
  /** Why the category stopped taking items, or null when every candidate was considered. */
  stoppedBy: 'count' | 'bytes' | null;
  /** Values that looked like credentials, replaced in the texts loaded, by kind. */
  redacted: Record<string, number>;
}

export function fillCategory<T>(candidates: readonly CapCandidate<T>[], cap: CategoryCap, minTruncatedBytes: number): CapOutcome<T> {
  const outcome: CapOutcome<T> = { taken: [], verdicts: [], bytes: 0, truncated: 0, stoppedBy: null, redacted: {} };
  for (const candidate of candidates) {
    if (outcome.stoppedBy !== null) {
      outcome.verdicts.push({ id: candidate.id, verdict: 'excluded', reason: stoppedReason(outcome.stoppedBy, cap), bytes: 0 });
      continue;
    }
    if (outcome.taken.length >= cap.count) {
      outcome.stoppedBy = 'count';
      outcome.verdicts.push({ id: candidate.id, verdict: 'excluded', reason: stoppedReason('count', cap), bytes: 0 });
      continue;
    }
    takeOne(candidate, cap, minTruncatedBytes, outcome);
  }
  return outcome;
}

function takeOne<T>(candidate: CapCandidate<T>, cap: CategoryCap, minTruncatedBytes: number, outcome: CapOutcome<T>): void {
  const remaining = cap.bytes - outcome.bytes;
  const raw = candidate.load(remaining + 1 + REDACTION_MARGIN_BYTES);
  if ('skip' in raw) {
    outcome.verdicts.push({ id: candidate.id, verdict: 'excluded', reason: raw.skip, bytes: 0 });
    return;
  }
  const loaded: Loaded = { text: redacted(raw.text, outcome.redacted), complete: raw.complete, ...(raw.part === undefined ? {} : { part: raw.part }) };
  const size = Buffer.byteLength(loaded.text);
  if (loaded.complete && size <= remaining) {
    outcome.taken.push({ item: candidate.item, content: loaded.text, size, truncated: false });
    outcome.bytes += size;
    outcome.verdicts.push({ id: candidate.id, verdict: 'included', reason: `${loaded.part ?? 'whole'}, ${size} bytes`, bytes: size });
    return;
  }
  outcome.stoppedBy = 'bytes';
  if (remaining < minTruncatedBytes) {
    outcome.verdicts.push({ id: candidate.id, verdict: 'excluded', reason: `does not fit: ${remaining} bytes left of ${cap.bytes}, under the ${minTruncatedBytes}-byte minimum for a cut file`, bytes: 0 });
    return;
  }
  const content = `${cutToBytes(loaded.text, remaining - MARKER_BYTES)}${TRUNCATION_MARKER}`;
  const cutSize = Buffer.byteLength(content);
  outcome.taken.push({ item: candidate.item, content, size: cutSize, truncated: true });
  outcome.bytes += cutSize;
  outcome.truncated += 1;
  outcome.verdicts.push({ id: candidate.id, verdict: 'included', reason: `truncated to ${cutSize} bytes to fit the ${cap.bytes}-byte cap`, bytes: cutSize });
}

function redacted(text: string, tally: Record<string, number>): string {
  const redaction = redactSecrets(text);
  for (const [kind, count] of Object.entries(redaction.counts)) tally[kind] = (tally[kind] ?? 0) + count;
  return redaction.text;
}

function stoppedReason(by: 'count' | 'bytes', cap: CategoryCap): string {
  return by === 'count' ? `over the cap of ${cap.count} items` : `the ${cap.bytes}-byte cap was reached`;
}

/** The longest prefix of `text` whose UTF-8 encoding fits `maxBytes` (never half a character). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
