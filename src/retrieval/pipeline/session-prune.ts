// How long a task's session is kept: as long as the raw log that explains it. Shared by
// the one-shot commands (app/retrieval.ts) and the serve runtime (serve/workspace.ts).

import type { RawLog } from '../../store/raw-log.js';
import type { SessionStore } from '../../store/session.js';

/** A run in flight logs at its end: with no entry left to date from, sessions this young are kept. */
const IN_FLIGHT_GRACE_MS = 10 * 60 * 1000;

/**
 * Sessions go with the log that explains them: those last updated before the oldest entry
 * retention kept (before a grace period, when it kept none) belong to finished tasks.
 */
export function pruneUnloggedSessions(rawLog: RawLog, sessions: SessionStore): void {
  const oldest = rawLog.usage().oldestAt;
  sessions.prune(oldest ?? Date.now() - IN_FLIGHT_GRACE_MS);
}
