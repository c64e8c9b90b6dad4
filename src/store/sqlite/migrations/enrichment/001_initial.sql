-- Model-written file enrichment (core/enrichment.ts), version 1. One row per file and
-- state: 'staged' rows are written by `cairn enrich`, 'promoted' ones are what retrieval
-- reads. Promotion replaces a file's promoted row with its staged one in one transaction.

CREATE TABLE enrichment (
  path              TEXT NOT NULL,
  state             TEXT NOT NULL CHECK (state IN ('staged', 'promoted')),
  content_hash      TEXT NOT NULL,
  model             TEXT NOT NULL,
  summary           TEXT NOT NULL,
  domain            TEXT NOT NULL,
  concepts          TEXT NOT NULL, -- JSON array of strings
  prompt_tokens     INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL,
  at                INTEGER NOT NULL,
  PRIMARY KEY (path, state)
) WITHOUT ROWID;

-- Promoted rows only, rowid = a stable id per promoted path (enrichment_ids).
CREATE TABLE enrichment_ids (
  id   INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE enrichment_fts USING fts5 (
  summary, domain, concepts,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_.'"
);
