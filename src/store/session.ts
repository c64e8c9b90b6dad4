// Per-task session state: the only mutable store of the retrieval pipeline. One record per
// task id; refinement re-enters the same record.

export interface SessionRecord {
  taskId: string;
  /** The task text and options the session was created with. */
  task: unknown;
  /** Output of each stage by stage name, as persisted after the stage ran. */
  stageOutputs: Record<string, unknown>;
  /** Stage name → 'pending' | 'running' | 'done' | 'failed'. */
  stageProgress: Record<string, StageStatus>;
  finalContext: unknown | null;
  refinementRequest: unknown | null;
  createdAt: number;
  updatedAt: number;
}

export type StageStatus = 'pending' | 'running' | 'done' | 'failed';

export type SessionPatch = Partial<Pick<SessionRecord, 'task' | 'stageOutputs' | 'stageProgress' | 'finalContext' | 'refinementRequest'>>;

export interface SessionStore {
  get(taskId: string): SessionRecord | null;
  /** Creates the record when absent; merges the patch's top-level fields otherwise. */
  upsert(taskId: string, patch: SessionPatch): SessionRecord;
  /**
   * The same merge as upsert without reading the record back: only the fields the patch
   * names are serialised and written. For writers that keep the state they write.
   */
  patch(taskId: string, patch: SessionPatch): void;
  list(): { taskId: string; updatedAt: number }[];
  /** Deletes the sessions last updated before `before` (unix ms); returns how many. */
  prune(before: number): number;
  close(): void;
}
