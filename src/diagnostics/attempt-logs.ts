// Trigger 3's evidence: the logs of earlier attempts of a phase in the run directory, and
// the failure markers each holds. Which files are an attempt's logs is decided by the
// configured patterns (`{phase}` is the phase id; the group `attempt` its number).

import type { TriggerSettings, AttemptLog } from './triggers.js';
import type { WalkedFile } from './fs/safe-walk.js';
import { readEnds } from './fs/read-file.js';

export interface AttemptLogScan {
  logs: AttemptLog[];
  /** Logs that matched but could not be read, with why. */
  unreadable: { path: string; reason: string }[];
}

/** Compiles the patterns for one phase id (escaped: a phase id is text, not a pattern). */
export function attemptPatterns(phaseId: string, templates: readonly string[]): RegExp[] {
  const phase = phaseId.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return templates.map((template) => new RegExp(template.replaceAll('{phase}', phase), 'i'));
}

/** The attempt a path is a log of, for this phase; null when it is not one. */
export function attemptOf(path: string, patterns: readonly RegExp[]): number | null {
  for (const pattern of patterns) {
    const match = pattern.exec(path);
    const attempt = match?.groups?.['attempt'];
    if (attempt !== undefined) return Number(attempt);
  }
  return null;
}

/** Earlier attempts' logs (attempt < `attempt`) and their markers, in attempt then path order. */
export function scanAttemptLogs(files: readonly WalkedFile[], phaseId: string, attempt: number, settings: TriggerSettings): AttemptLogScan {
  const patterns = attemptPatterns(phaseId, settings.attemptLogPatterns);
  const scan: AttemptLogScan = { logs: [], unreadable: [] };
  const earlier = files
    .map((file) => ({ file, attempt: attemptOf(file.path, patterns) }))
    .filter((entry): entry is { file: WalkedFile; attempt: number } => entry.attempt !== null && entry.attempt < attempt)
    .sort((a, b) => a.attempt - b.attempt || (a.file.path < b.file.path ? -1 : 1));
  for (const { file, attempt: number } of earlier) {
    try {
      const text = readEnds(file.absolute, Math.floor(settings.markerScanBytes / 2));
      scan.logs.push({ path: file.path, attempt: number, markers: settings.failureMarkers.filter((marker) => text.includes(marker)) });
    } catch (error) {
      scan.unreadable.push({ path: file.path, reason: (error as NodeJS.ErrnoException).code ?? 'unreadable' });
    }
  }
  return scan;
}
