// Scan: walk the repository and compare what is on disk with what the index holds, by
// size and mtime only (no reads). Files whose fingerprint moved are candidates; their
// hash decides later whether they really changed.
//
// A scan can leave a memo (scan-memo.ts): every file-system fact its walk read. When the
// next run finds all of them unchanged, walking again would read exactly the same, so the
// scan is answered from the memo with one stat per fact — the cheap path of a refresh
// that finds nothing to do, which every `retrieve` and `search` runs first.

import type { FileFingerprint } from '../store/curated.js';
import { type ScanMemo, memoKey, reusableMemo, takeMemo } from './scan-memo.js';
import { RecordingWalkFs } from './walk/recording-fs.js';
import { walkRepository } from './walk/walk.js';
import { nodeWalkFs, type WalkFs } from './walk/walk-fs.js';
import type { SkipReason, WalkedFile, WalkOptions } from './walk/types.js';

export interface ScanResult {
  /** New files, and files whose size or mtime differ from the index. */
  candidates: WalkedFile[];
  unchanged: number;
  /** Indexed paths no longer on disk (or now ignored / too large). */
  deleted: string[];
  skipped: Partial<Record<SkipReason, number>>;
  /** Skip events worth showing to a user (too large, unreadable, symlink problems). */
  skippedPaths: { path: string; reason: SkipReason; detail?: string }[];
  seen: number;
}

/** The index side of a scan: its file count, and its fingerprints (loaded only for a walk). */
export interface IndexedFiles {
  count(): number;
  fingerprints(): Map<string, FileFingerprint>;
}

/** IndexedFiles over fingerprints already in memory. */
export function indexedFingerprints(fingerprints: Map<string, FileFingerprint>): IndexedFiles {
  return { count: () => fingerprints.size, fingerprints: () => fingerprints };
}

export interface ScanOptions {
  /** The memo of the last complete run (null: walk). */
  memo?: ScanMemo | null;
  /** Leave a memo of this scan's walk (`ScanOutcome.memo`). */
  remember?: boolean;
  fs?: WalkFs;
  /** Clock, and a fixed margin for racy facts instead of the granularity-based one (tests). */
  now?: () => number;
  racyMarginMs?: number;
}

export interface ScanOutcome extends ScanResult {
  /** Whether the scan was answered from the given memo, without walking. */
  reused: boolean;
  /** A memo of this walk when asked for one and every fact is safely old; else null. */
  memo: ScanMemo | null;
}

const NOTEWORTHY_SKIPS = new Set<SkipReason>(['too-large', 'unreadable', 'symlink-loop', 'symlink-outside']);

export async function scanRepository(
  root: string,
  walkOptions: WalkOptions,
  indexed: IndexedFiles,
  options: ScanOptions = {},
): Promise<ScanOutcome> {
  const fs = options.fs ?? nodeWalkFs;
  const key = memoKey(root, walkOptions);
  const memo = options.memo ?? null;
  if (memo !== null && reusableMemo(memo, key, indexed.count(), fs)) {
    const { seen, skipped, skippedPaths } = memo.findings;
    return { candidates: [], unchanged: seen, deleted: [], skipped, skippedPaths, seen, reused: true, memo };
  }
  const now = options.now ?? Date.now;
  const startedAt = now();
  const recording = options.remember && key !== null ? new RecordingWalkFs(fs) : null;
  const result = await walkAndCompare(root, walkOptions, indexed.fingerprints(), recording ?? fs);
  const next = recording === null || key === null ? null : takeMemo(key, recording.inputs(), result, startedAt, options.racyMarginMs);
  return { ...result, reused: false, memo: next };
}

async function walkAndCompare(
  root: string,
  walkOptions: WalkOptions,
  fingerprints: Map<string, FileFingerprint>,
  fs: WalkFs,
): Promise<ScanResult> {
  const result: ScanResult = { candidates: [], unchanged: 0, deleted: [], skipped: {}, skippedPaths: [], seen: 0 };
  const present = new Set<string>();
  for await (const event of walkRepository(root, walkOptions, fs)) {
    if (event.type === 'skip') {
      result.skipped[event.reason] = (result.skipped[event.reason] ?? 0) + 1;
      if (NOTEWORTHY_SKIPS.has(event.reason)) {
        result.skippedPaths.push({ path: event.path, reason: event.reason, ...(event.detail ? { detail: event.detail } : {}) });
      }
      continue;
    }
    result.seen++;
    present.add(event.path);
    const known = fingerprints.get(event.path);
    if (known && known.size === event.size && known.mtimeMs === event.mtimeMs) result.unchanged++;
    else result.candidates.push(event);
  }
  for (const path of fingerprints.keys()) if (!present.has(path)) result.deleted.push(path);
  result.deleted.sort();
  return result;
}
