// Failure memory: past failures of agent runs with how they were resolved, so that a new
// failure can be shown the similar old ones (`cairn failures record`, `cairn diagnose`).
// Two ports over the same data: a reader, which diagnostics uses and which must write
// nothing, and the memory itself, which records. Adapters: ./sqlite (failures.db in the
// index directory); a PostgreSQL adapter runs the same conformance suite later.

export interface FailureFrame {
  path: string;
  line: number | null;
  func: string | null;
}

export interface NewFailure {
  phaseId: string | null;
  errorMessage: string;
  /** The exception or error type named by the message ("KeyError"), when there is one. */
  errorType: string | null;
  /** The message with its specifics (numbers, quoted values, paths) replaced: what similar failures share. */
  errorPattern: string;
  /** Stack frames, innermost first. */
  frames: FailureFrame[];
  rootCause: string;
  resolution: string;
  /**
   * Identifies the failure and its resolution (a hash of both, computed by the caller):
   * recording the same digest twice keeps one entry.
   */
  digest: string;
}

export interface FailureRecord extends NewFailure {
  /** Derived from the digest: the same failure has the same id in every store. */
  id: string;
  /** Unix ms. */
  recordedAt: number;
}

export interface FailureMemoryReader {
  /** Most recently recorded first (ties by id), at most `limit` (default: all). */
  list(limit?: number): FailureRecord[];
  count(): number;
  close(): void;
}

export interface FailureMemory extends FailureMemoryReader {
  /**
   * Stores a failure. When an entry with the same digest exists, it is returned unchanged
   * and `created` is false (recording is idempotent, never a rewrite).
   */
  record(failure: NewFailure): { record: FailureRecord; created: boolean };
}

/** The id of a failure with this digest (a hex string of at least 16 characters). */
export function failureId(digest: string): string {
  return `fail-${digest.slice(0, 16)}`;
}
