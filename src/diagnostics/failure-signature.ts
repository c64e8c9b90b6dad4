// What makes two failures alike: the error pattern (the message with its specifics
// replaced, and the error type), the frames (file and function, innermost first) and the
// root cause's words. `cairn failures record` stores these; diagnostics compares a new
// bundle's against each stored failure.

import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { FailureFrame, FailureRecord, NewFailure } from '../store/failures.js';
import type { HandoffBundle } from './bundle.js';
import { errorLine } from './bundle-task.js';
import { bundleEvidence } from './evidence.js';

export interface FailureSignature {
  errorType: string | null;
  errorPattern: string;
  frames: FailureFrame[];
  rootCause: string;
}

const ERROR_TYPE = /\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|Exit|Interrupt|Fault|Panic))\b/;
const MAX_FRAMES = 30;

/** Longer error lines are cut before the patterns run: a pattern is the start of a message. */
const MAX_PATTERN_SOURCE = 1_000;

/** The error line with quoted values, paths, addresses and numbers replaced by placeholders. */
export function errorPattern(message: string): string {
  return errorLine(message)
    .slice(0, MAX_PATTERN_SOURCE)
    .replace(/(['"`])(?:(?!\1).){0,200}\1/g, '<str>')
    // A path starts where a word does (no restart inside a long run of name characters).
    .replace(/(?<![\w.@~-])(?:[A-Za-z]:)?(?:[\w.@~-]*[/\\])+[\w.@~-]+/g, '<path>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<addr>')
    .replace(/\b\d+(?:\.\d+)?\b/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

export function signatureOf(bundle: HandoffBundle): FailureSignature {
  const frames = bundleEvidence(bundle)
    .frames.sort((a, b) => a.depth - b.depth)
    .slice(0, MAX_FRAMES)
    .flatMap((frame) => (frame.path === null ? [] : [{ path: frame.path, line: frame.line, func: frame.func }]));
  return { errorType: ERROR_TYPE.exec(bundle.errorMessage)?.[1] ?? null, errorPattern: errorPattern(bundle.errorMessage), frames, rootCause: bundle.rootCause.trim() };
}

/** The failure as stored; the digest covers what was failing and how it was resolved. */
export function newFailure(bundle: HandoffBundle, resolution: string, phaseId: string | null): NewFailure {
  const signature = signatureOf(bundle);
  const digest = createHash('sha256')
    .update(JSON.stringify([bundle.errorMessage, bundle.stackTrace, bundle.rootCause, phaseId, resolution.trim()]))
    .digest('hex');
  return { phaseId, errorMessage: (errorLine(bundle.errorMessage) || bundle.errorMessage).slice(0, 2000), ...signature, resolution: resolution.trim(), digest };
}

/** Weights of the three parts of similarity. */
const PARTS = { pattern: 0.5, frames: 0.3, rootCause: 0.2 };

export interface Similarity {
  score: number;
  pattern: number;
  frames: number;
  rootCause: number;
}

export function similarity(query: FailureSignature, stored: Pick<FailureRecord, 'errorType' | 'errorPattern' | 'frames' | 'rootCause'>): Similarity {
  const pattern = patternSimilarity(query, stored);
  const frames = jaccard(frameKeys(query.frames), frameKeys(stored.frames));
  const rootCause = jaccard(words(query.rootCause), words(stored.rootCause));
  return { score: round(PARTS.pattern * pattern + PARTS.frames * frames + PARTS.rootCause * rootCause), pattern: round(pattern), frames: round(frames), rootCause: round(rootCause) };
}

function patternSimilarity(query: FailureSignature, stored: Pick<FailureRecord, 'errorType' | 'errorPattern'>): number {
  if (query.errorPattern !== '' && query.errorPattern === stored.errorPattern) return 1;
  const sameType = query.errorType !== null && query.errorType === stored.errorType ? 0.3 : 0;
  return sameType + 0.7 * jaccard(words(query.errorPattern), words(stored.errorPattern));
}

/** A frame by its file name and function: the same code reached from two checkouts matches. */
function frameKeys(frames: readonly FailureFrame[]): Set<string> {
  return new Set(frames.map((frame) => `${basename(frame.path)}:${frame.func ?? ''}`));
}

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? []).filter((word) => word !== 'str' && word !== 'path'));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
