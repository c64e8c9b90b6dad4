// Run artifacts: the files of the failing run's directory, most recent first — those
// modified within the recency window (newest first), then the older ones (newest first) —
// taken under the category's caps. Binary files are passed over.

import type { CategoryCap } from '../config/diagnostics-defaults.js';
import { compareText } from '../core/compare.js';
import { fillCategory, type CapCandidate, type CapOutcome } from './caps.js';
import { readHead } from './fs/read-file.js';
import type { WalkedFile } from './fs/safe-walk.js';

export interface RunArtifact {
  path: string;
  /** ISO 8601. */
  modified: string;
  /** Within the recency window. */
  recent: boolean;
}

const HOUR_MS = 3_600_000;

/** Recent files first, then older ones; newest first within each; ties by path. */
export function recencyOrder(files: readonly WalkedFile[], now: number, windowHours: number): { file: WalkedFile; recent: boolean }[] {
  const since = now - windowHours * HOUR_MS;
  const newestFirst = (a: WalkedFile, b: WalkedFile): number => b.mtimeMs - a.mtimeMs || compareText(a.path, b.path);
  const recent = files.filter((file) => file.mtimeMs >= since).sort(newestFirst);
  const older = files.filter((file) => file.mtimeMs < since).sort(newestFirst);
  return [...recent.map((file) => ({ file, recent: true })), ...older.map((file) => ({ file, recent: false }))];
}

export function takeRunArtifacts(
  files: readonly WalkedFile[],
  options: { now: number; windowHours: number; cap: CategoryCap; minTruncatedBytes: number },
): CapOutcome<RunArtifact> {
  const candidates: CapCandidate<RunArtifact>[] = recencyOrder(files, options.now, options.windowHours).map(({ file, recent }) => ({
    id: file.path,
    item: { path: file.path, modified: new Date(file.mtimeMs).toISOString(), recent },
    load: (maxBytes) => loadText(file, maxBytes),
  }));
  return fillCategory(candidates, options.cap, options.minTruncatedBytes);
}

/** A file's text for a category, or why it is passed over. */
export function loadText(file: Pick<WalkedFile, 'absolute'>, maxBytes: number): { text: string; complete: boolean } | { skip: string } {
  try {
    const head = readHead(file.absolute, maxBytes);
    if (head.binary) return { skip: 'binary (a NUL byte in its first 8 KiB)' };
    return { text: head.text, complete: head.complete };
  } catch (error) {
    return { skip: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}
