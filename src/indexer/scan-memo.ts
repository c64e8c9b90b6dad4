// The memo a scan leaves for the next run: what it was asked (root and walk options), every
// file-system fact its walk read (walk/recording-fs.ts), and its findings. A run whose scan
// was answered from the memo indexes nothing, so the memo stays true until a fact changes.
//
// Racy facts: change times have a granularity, so a change made in the same tick as the
// walk read a path could leave its ctime as noted. A walk that read anything changed
// within a margin of its start leaves no memo (git's "racily clean" entries, handled the
// simple way): the next run walks. The margin follows the file system's granularity as
// the fact shows it: a ctime with a sub-second part comes from a file system with fine
// timestamps, stamped from the kernel's coarse clock (a tick of 1–10 ms), so 50 ms is safe;
// a whole-second ctime may come from one with 1–2 s granularity (FAT, HFS+), so 2 s.

import type { ScanResult } from './scan.js';
import { ctimeOf, pathFactsUnchanged, type WalkInputs } from './walk/recording-fs.js';
import type { WalkFs } from './walk/walk-fs.js';
import type { WalkOptions } from './walk/types.js';

/** Bumped when the walk starts reading something new, so older memos are never trusted. */
const MEMO_VERSION = 2;

export interface ScanMemo {
  version: number;
  key: string;
  inputs: WalkInputs;
  /**
   * Indices into `inputs.ctimes` of the files the walk found and only stat'ed: a change
   * to one of them (an edit) changes that file, not what a walk would find.
   */
  files: number[];
  findings: Pick<ScanResult, 'seen' | 'skipped' | 'skippedPaths'>;
}

/** What changed since a memo: nothing, only some of its files (by fact index), or anything else. */
export type MemoCheck = { kind: 'same' } | { kind: 'files'; changed: number[] } | { kind: 'stale' };

/** What a walk is asked, as one string; null when the options hold something a key cannot name. */
export function memoKey(root: string, options: WalkOptions): string | null {
  if (options.tracked !== undefined) return null;
  const { maxFileBytes, includeVendored, exclude, indexDir = null, followSymlinks = true, reportIgnored = false } = options;
  return JSON.stringify([MEMO_VERSION, root, maxFileBytes, includeVendored, exclude, indexDir, followSymlinks, reportIgnored]);
}

/**
 * A memo answers a scan when it was made for the same question, the index still holds the
 * files its walk found (a complete run wrote every one of them), and no fact has changed
 * but, at most, some of those files' own.
 */
export function checkMemo(memo: ScanMemo, key: string | null, indexedFiles: number, fs: WalkFs): MemoCheck {
  if (memo.version !== MEMO_VERSION || memo.key !== key || memo.findings.seen !== indexedFiles) return { kind: 'stale' };
  const { inputs } = memo;
  if (!pathFactsUnchanged(inputs, fs)) return { kind: 'stale' };
  const files = new Set(memo.files);
  const changed: number[] = [];
  for (let at = 0; at < inputs.ctimes.length; at++) {
    const [path, ctimeMs] = inputs.ctimes[at]!;
    if (ctimeOf(fs, path) === ctimeMs) continue;
    if (!files.has(at)) return { kind: 'stale' };
    changed.push(at);
  }
  return changed.length === 0 ? { kind: 'same' } : { kind: 'files', changed };
}

const FINE_MARGIN_MS = 50;
const COARSE_MARGIN_MS = 2000;

/** Whether a fact changed at `ctimeMs` is too close to a walk that started at `walkStartedAt` to be trusted. */
export function isRacy(ctimeMs: number, walkStartedAt: number, marginMs?: number): boolean {
  const margin = marginMs ?? (ctimeMs % 1000 === 0 ? COARSE_MARGIN_MS : FINE_MARGIN_MS);
  return ctimeMs >= walkStartedAt - margin;
}

/**
 * The memo of a finished walk, or null when a fact it read may be racy (see isRacy;
 * `marginMs` overrides the margin). `files` are the walked files' paths, `read` the paths
 * whose content the walk read.
 */
export function takeMemo(
  key: string,
  recorded: { inputs: WalkInputs; files: ReadonlySet<string>; read: ReadonlySet<string> },
  result: ScanResult,
  walkStartedAt: number,
  marginMs?: number,
): ScanMemo | null {
  const { inputs } = recorded;
  if (inputs.ctimes.some(([, ctimeMs]) => ctimeMs !== null && isRacy(ctimeMs, walkStartedAt, marginMs))) return null;
  const files: number[] = [];
  inputs.ctimes.forEach(([path], at) => {
    if (recorded.files.has(path) && !recorded.read.has(path)) files.push(at);
  });
  return { version: MEMO_VERSION, key, inputs, files, findings: { seen: result.seen, skipped: result.skipped, skippedPaths: result.skippedPaths } };
}

/** The memo with some file facts re-noted, or null when one of the new facts is racy. */
export function updateMemo(memo: ScanMemo, renoted: ReadonlyMap<number, number>, scanStartedAt: number, marginMs?: number): ScanMemo | null {
  for (const ctimeMs of renoted.values()) if (isRacy(ctimeMs, scanStartedAt, marginMs)) return null;
  const ctimes = memo.inputs.ctimes.map(([path, ctimeMs], at): [string, number | null] => [path, renoted.get(at) ?? ctimeMs]);
  return { ...memo, inputs: { ...memo.inputs, ctimes } };
}

/** The stored form (an index meta value). */
export function serializeMemo(memo: ScanMemo): string {
  return JSON.stringify(memo);
}

/** A stored memo, or null when there is none or it is not one this version reads. */
export function parseMemo(text: string | null): ScanMemo | null {
  if (text === null || text === '') return null;
  try {
    const memo = JSON.parse(text) as ScanMemo;
    const shaped = Array.isArray(memo.inputs?.ctimes) && Array.isArray(memo.inputs?.presence) && Array.isArray(memo.inputs?.realpaths) && Array.isArray(memo.files);
    return memo.version === MEMO_VERSION && shaped ? memo : null;
  } catch {
    return null;
  }
}
