-- The raw log, version 1: append-only. The triggers make the database itself refuse
-- UPDATE and DELETE from any connection, not only from cairn's adapter; AUTOINCREMENT
-- keeps seq from ever being reused.

CREATE TABLE entries (
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  at      INTEGER NOT NULL, -- unix ms
  task_id TEXT NOT NULL,
  run_id  TEXT NOT NULL,
  kind    TEXT NOT NULL,
  stage   TEXT,
  payload TEXT NOT NULL -- JSON
);
CREATE INDEX entries_by_task ON entries (task_id, seq);
CREATE INDEX entries_by_run ON entries (run_id, seq);

CREATE TRIGGER entries_refuse_update BEFORE UPDATE ON entries
BEGIN
  SELECT RAISE(ABORT, 'the raw log is append-only');
END;

CREATE TRIGGER entries_refuse_delete BEFORE DELETE ON entries
BEGIN
  SELECT RAISE(ABORT, 'the raw log is append-only');
END;
