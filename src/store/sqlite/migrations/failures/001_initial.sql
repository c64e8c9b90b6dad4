-- Failure memory, version 1: one row per recorded failure and its resolution. The digest
-- (of the failure and the resolution) is unique, so recording the same thing twice keeps
-- one row. Frames are a JSON list, innermost first.

CREATE TABLE failures (
  id            TEXT PRIMARY KEY,
  digest        TEXT NOT NULL UNIQUE,
  recorded_at   INTEGER NOT NULL, -- unix ms
  phase_id      TEXT,
  error_message TEXT NOT NULL,
  error_type    TEXT,
  error_pattern TEXT NOT NULL,
  frames        TEXT NOT NULL, -- JSON
  root_cause    TEXT NOT NULL,
  resolution    TEXT NOT NULL
);
CREATE INDEX failures_by_time ON failures (recorded_at DESC, id);
