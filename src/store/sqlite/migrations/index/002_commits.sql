-- Version 2: the commit history the index was mined from (reachable from HEAD, bounded),
-- for ranking by similar past changes. Replaced wholesale whenever HEAD moves.

CREATE TABLE commits (
  id      INTEGER PRIMARY KEY, -- doubles as the rowid in commits_fts
  sha     TEXT NOT NULL UNIQUE,
  time    INTEGER NOT NULL,
  message TEXT NOT NULL
);

CREATE TABLE commit_files (
  commit_id INTEGER NOT NULL,
  path      TEXT NOT NULL,
  PRIMARY KEY (commit_id, path)
) WITHOUT ROWID;
CREATE INDEX commit_files_by_path ON commit_files (path);

CREATE VIRTUAL TABLE commits_fts USING fts5 (
  message,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_.'"
);
