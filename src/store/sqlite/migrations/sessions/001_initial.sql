-- Per-task session state, version 1: one row per task id, JSON columns.

CREATE TABLE sessions (
  task_id            TEXT PRIMARY KEY,
  task               TEXT NOT NULL, -- JSON
  stage_outputs      TEXT NOT NULL, -- JSON object: stage name → output
  stage_progress     TEXT NOT NULL, -- JSON object: stage name → status
  final_context      TEXT NOT NULL, -- JSON (null when none yet)
  refinement_request TEXT NOT NULL, -- JSON (null when none)
  created_at         INTEGER NOT NULL, -- unix ms
  updated_at         INTEGER NOT NULL  -- unix ms
) WITHOUT ROWID;
CREATE INDEX sessions_by_updated ON sessions (updated_at);
