// Scan: walk the repository and compare what is on disk with what the index holds, by
// size and mtime only (no reads). Files whose fingerprint moved are candidates; their
// hash decides later whether they really changed.
//
// A scan can leave a memo (scan-memo.ts): every file-system fact its walk read. When the
// next run finds all of them unchanged, walking again would read exactly the same, so the
// scan is answered from the memo with one stat per fact — the cheap path of a refresh
// that finds nothing to do, which every `retrieve` and `search` runs first.

import type { FileFingerprint } from '../store/curated.js';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { checkMemo, type MemoCheck, memoKey, type ScanMemo, takeMemo, updateMemo } from './scan-memo.js';
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
  /**
   * How the scan was answered: by walking; from the memo, nothing changed; or from the
   * memo with the files whose own facts changed (edits) stat'ed again.
   */
  mode: 'walk' | 'memo' | 'memo-files';
  /** The memo to keep for the next run (the given one when mode is 'memo'), or null for none. */
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
  const now = options.now ?? Date.now;
  const startedAt = now();
  const memo = options.memo ?? null;
  const check: MemoCheck = memo === null ? { kind: 'stale' } : checkMemo(memo, key, indexed.count(), fs);
  if (memo !== null && check.kind === 'same') {
    const { seen, skipped, skippedPaths } = memo.findings;
    return { candidates: [], unchanged: seen, deleted: [], skipped, skippedPaths, seen, mode: 'memo', memo };
  }
  if (memo !== null && check.kind === 'files') {
    const rescanned = rescanFiles(memo, check.changed, { root, walkOptions, fingerprints: indexed.fingerprints(), fs, startedAt, marginMs: options.racyMarginMs });
    if (rescanned !== null) return rescanned;
  }
  const recording = options.remember && key !== null ? new RecordingWalkFs(fs) : null;
  const { result, files } = await walkAndCompare(root, walkOptions, indexed.fingerprints(), recording ?? fs);
  const next = recording === null || key === null ? null : takeMemo(key, { inputs: recording.inputs(), files, read: recording.read }, result, startedAt, options.racyMarginMs);
  return { ...result, mode: 'walk', memo: next };
}

interface RescanContext {
  root: string;
  walkOptions: WalkOptions;
  fingerprints: Map<string, FileFingerprint>;
  fs: WalkFs;
  startedAt: number;
  marginMs: number | undefined;
}

/**
 * The scan when only some walked files' own facts changed: each is stat'ed as the walk
 * would, and is a candidate unless its size and mtime still match the index. Null when
 * one would now be skipped (grown past the size limit, unreadable, gone): a walk decides.
 */
function rescanFiles(memo: ScanMemo, changed: readonly number[], context: RescanContext): ScanOutcome | null {
  const rootAbs = path.resolve(context.root);
  const candidates: WalkedFile[] = [];
  const renoted = new Map<number, number>();
  for (const at of changed) {
    const absPath = memo.inputs.ctimes[at]![0];
    let stats: Stats;
    try {
      stats = context.fs.stat(absPath);
      context.fs.assertReadable(absPath);
    } catch {
      return null;
    }
    if (!stats.isFile() || stats.size > context.walkOptions.maxFileBytes || !absPath.startsWith(`${rootAbs}/`)) return null;
    renoted.set(at, stats.ctimeMs);
    const relPath = absPath.slice(rootAbs.length + 1).split(path.sep).join('/');
    const known = context.fingerprints.get(relPath);
    if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) continue;
    candidates.push({ type: 'file', path: relPath, absPath, size: stats.size, mtimeMs: stats.mtimeMs });
  }
  candidates.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const { seen, skipped, skippedPaths } = memo.findings;
  const next = updateMemo(memo, renoted, context.startedAt, context.marginMs);
  return { candidates, unchanged: seen - candidates.length, deleted: [], skipped, skippedPaths, seen, mode: 'memo-files', memo: next };
}

async function walkAndCompare(
  root: string,
  walkOptions: WalkOptions,
  fingerprints: Map<string, FileFingerprint>,
  fs: WalkFs,
): Promise<{ result: ScanResult; files: Set<string> }> {
  const result: ScanResult = { candidates: [], unchanged: 0, deleted: [], skipped: {}, skippedPaths: [], seen: 0 };
  const present = new Set<string>();
  const files = new Set<string>();
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
    files.add(event.absPath);
    const known = fingerprints.get(event.path);
    if (known && known.size === event.size && known.mtimeMs === event.mtimeMs) result.unchanged++;
    else result.candidates.push(event);
  }
  for (const path of fingerprints.keys()) if (!present.has(path)) result.deleted.push(path);
  result.deleted.sort();
  return { result, files };
}
