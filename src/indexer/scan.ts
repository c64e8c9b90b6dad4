// Scan: walk the repository and compare what is on disk with what the index holds, by
// size and mtime only (no reads). Files whose fingerprint moved are candidates; their
// hash decides later whether they really changed.

import type { FileFingerprint } from '../store/curated.js';
import { walkRepository } from './walk/walk.js';
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

const NOTEWORTHY_SKIPS = new Set<SkipReason>(['too-large', 'unreadable', 'symlink-loop', 'symlink-outside']);

export async function scanRepository(
  root: string,
  walkOptions: WalkOptions,
  fingerprints: Map<string, FileFingerprint>,
): Promise<ScanResult> {
  const result: ScanResult = { candidates: [], unchanged: 0, deleted: [], skipped: {}, skippedPaths: [], seen: 0 };
  const present = new Set<string>();
  for await (const event of walkRepository(root, walkOptions)) {
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
