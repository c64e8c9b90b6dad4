// The defaults of `diagnostics:` in cairn.yaml, in one place: the schema's defaults and the
// no-file configuration (defaults.ts) both come from here.

export const KIB = 1024;

/** `{phase}` is the phase id (escaped); the named group `attempt` captures the attempt number. */
export const DEFAULT_ATTEMPT_LOG_PATTERNS: readonly string[] = [
  // The phase id starts a path component: build.attempt-1.log, build/attempt_2/stderr.txt,
  // logs/build-attempt3.out (not build-docs.attempt-1.log, a log of phase build-docs).
  '(?:^|/){phase}(?:/(?:[^/]+/)*?|[._-])attempt[-_.]?(?<attempt>\\d+)(?=[/._-]|$)',
  // attempt-1/build.log, attempt_2.build.log
  '(?:^|/)attempt[-_.]?(?<attempt>\\d+)(?:/(?:[^/]+/)*?|[._-]){phase}(?=[./]|$)',
];

export const DEFAULT_TRIGGERS = {
  /** Trigger 1: an error message shorter than this is a minimal bundle. */
  minErrorChars: 20,
  /** Trigger 2: an error message shorter than this is not actionable. */
  minActionableChars: 30,
  /** Trigger 4: a root cause shorter than this is not a clear one. */
  minRootCauseChars: 20,
  genericPhrases: ['unknown error', 'internal error', 'something went wrong'],
  vagueRootCause: ['unknown', 'unclear', 'investigate', 'not sure'],
  failureMarkers: ['ERROR:', 'FAILED', 'Exception:', 'Traceback'],
  /** Trigger 3 looks at earlier attempts from this attempt on. */
  repeatAttempt: 2,
  attemptLogPatterns: [...DEFAULT_ATTEMPT_LOG_PATTERNS],
  /** How much of each earlier attempt's log is searched for failure markers. */
  markerScanBytes: 4 * KIB * KIB,
};

export interface CategoryCap {
  count: number;
  bytes: number;
}

export interface PriorityCaps {
  runArtifacts: CategoryCap;
  sotFiles: CategoryCap;
  memoryEntries: CategoryCap;
}

/** Medium is the base: 5 files / 10 KiB, 3 files / 15 KiB, 5 entries / 5 KiB. */
export const DEFAULT_CAPS: { low: PriorityCaps; medium: PriorityCaps; high: PriorityCaps } = {
  low: {
    runArtifacts: { count: 3, bytes: 5 * KIB },
    sotFiles: { count: 2, bytes: 8 * KIB },
    memoryEntries: { count: 3, bytes: 3 * KIB },
  },
  medium: {
    runArtifacts: { count: 5, bytes: 10 * KIB },
    sotFiles: { count: 3, bytes: 15 * KIB },
    memoryEntries: { count: 5, bytes: 5 * KIB },
  },
  high: {
    runArtifacts: { count: 8, bytes: 20 * KIB },
    sotFiles: { count: 5, bytes: 30 * KIB },
    memoryEntries: { count: 8, bytes: 10 * KIB },
  },
};

export const DEFAULT_DIAGNOSTICS = {
  triggers: DEFAULT_TRIGGERS,
  /** Run artifacts modified within this many hours come first. */
  recencyHours: 24,
  /** Source-of-truth folders walked besides what the index holds. */
  sotFolders: ['docs', 'src', 'tests'],
  /**
   * Folders an agent face (HTTP /diagnose, MCP diagnose_failure) may read as a run directory
   * even though the repository ignores them (a git-ignored logs/ folder): set by the operator.
   */
  runFolders: [] as string[],
  caps: DEFAULT_CAPS,
  /** A file is cut to fit a category's remaining bytes only when at least this many remain. */
  minTruncatedBytes: 100,
  /** 'cairn': frames, the ranker, keywords and graph neighbours fused; 'keywords': the plain keyword count alone. */
  sotRanking: 'cairn' as 'cairn' | 'keywords',
};

/** A deep copy, so that a frozen configuration never shares arrays with these constants. */
export function defaultDiagnostics(): typeof DEFAULT_DIAGNOSTICS {
  return structuredClone(DEFAULT_DIAGNOSTICS);
}
