// The raw log: an append-only record of every retrieval decision, LLM call and budget
// outcome. Adapters must refuse UPDATE and DELETE themselves (not just by convention),
// so that `cairn explain` can always be trusted. Its size is bounded by dropping whole
// old segments (what is kept is exactly what was written), never by editing entries.

export type RawLogKind =
  | 'run' // a retrieve / refine run started or finished
  | 'decisions' // a stage's decisions, in order: { groups: [{ shared, items: [[id, score, signals]] }] } (runs of decisions sharing all else), or { decisions: [...] } one by one
  | 'decision' // one file or symbol considered at a stage and tier: kept or dropped, why, score
  | 'llm_call' // prompt, response, latency, token counts
  | 'budget' // the effective budget of a run and what eviction / demotion did
  | 'diagnosis' // a diagnose run: the escalation decision (triggers, priority) and what deep retrieval took per category
  | 'info'; // a notice worth keeping (e.g. "enrichment not found, tier 4 skipped")

export interface RawLogEntry {
  taskId: string;
  runId: string;
  kind: RawLogKind;
  stage: string | null;
  /** Any JSON-serialisable value; stored as JSON text. */
  payload: unknown;
}

export interface RawLogRecord extends RawLogEntry {
  /** Monotonic sequence number assigned by the store. */
  seq: number;
  /** Unix ms. */
  at: number;
}

export interface RawLogQuery {
  taskId?: string;
  runId?: string;
  kinds?: RawLogKind[];
  stage?: string;
}

/** How much the log holds, for `cairn status`. */
export interface RawLogUsage {
  /** Files (or partitions) the log is kept in; retention drops whole ones, oldest first. */
  segments: number;
  bytes: number;
  /** The bound retention keeps the log under. */
  maxBytes: number;
  /** Unix ms of the oldest entry kept; null when the log is empty. */
  oldestAt: number | null;
}

export interface RawLog {
  append(entry: RawLogEntry): RawLogRecord;
  appendMany(entries: RawLogEntry[]): RawLogRecord[];
  /**
   * Appends entries in one transaction, like appendMany, but hands nothing back: a run
   * writes thousands of decisions and needs none of them returned, so each costs one
   * serialisation and one insert. Atomic: a bad entry stops them all.
   */
  appendAll(entries: readonly RawLogEntry[]): void;
  read(query: RawLogQuery): RawLogRecord[];
  /** Run ids of a task, oldest first. */
  runsOf(taskId: string): string[];
  usage(): RawLogUsage;
  close(): void;
}
