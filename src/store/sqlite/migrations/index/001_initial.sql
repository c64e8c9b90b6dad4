-- The curated index, version 1. Every row that hangs off a file carries that file's path
-- (indexed), so that replacing or deleting a file is a handful of deletes by path; the
-- adapter does those deletes itself (no foreign-key cascades: the contentless FTS rows
-- could not be reached by them anyway).

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- id doubles as the rowid of the file's row in files_fts.
CREATE TABLE files (
  id             INTEGER PRIMARY KEY,
  path           TEXT NOT NULL UNIQUE,
  language       TEXT NOT NULL,
  kind           TEXT NOT NULL,
  size           INTEGER NOT NULL,
  mtime_ms       REAL NOT NULL,
  hash           TEXT NOT NULL,
  lines          INTEGER NOT NULL,
  method         TEXT NOT NULL,
  parse_note     TEXT,
  is_test        INTEGER NOT NULL,
  is_example     INTEGER NOT NULL,
  is_vendored    INTEGER NOT NULL,
  is_generated   INTEGER NOT NULL,
  last_commit_at INTEGER,
  commit_count   INTEGER NOT NULL
);

-- id doubles as the rowid of the symbol's row in symbols_fts.
CREATE TABLE symbols (
  id             INTEGER PRIMARY KEY,
  key            TEXT NOT NULL UNIQUE,
  path           TEXT NOT NULL,
  name           TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  kind           TEXT NOT NULL,
  signature      TEXT NOT NULL,
  doc            TEXT,
  start_byte     INTEGER NOT NULL,
  end_byte       INTEGER NOT NULL,
  start_line     INTEGER NOT NULL,
  end_line       INTEGER NOT NULL,
  parent         TEXT,
  exported       INTEGER NOT NULL,
  method         TEXT NOT NULL
);
CREATE INDEX symbols_by_path ON symbols (path);
-- One index serves exact and case-insensitive name lookups (exact ones add name = ?).
CREATE INDEX symbols_by_name_nocase ON symbols (name COLLATE NOCASE);

-- One row per import statement, in source order (id); its resolved targets are rows of
-- import_targets so that importedBy(path) is an index lookup.
CREATE TABLE imports (
  id        INTEGER PRIMARY KEY,
  from_path TEXT NOT NULL,
  specifier TEXT NOT NULL,
  names     TEXT NOT NULL, -- JSON array of strings
  line      INTEGER NOT NULL,
  kind      TEXT NOT NULL
);
CREATE INDEX imports_by_from ON imports (from_path);

CREATE TABLE import_targets (
  import_id INTEGER NOT NULL,
  ord       INTEGER NOT NULL,
  from_path TEXT NOT NULL,
  to_path   TEXT NOT NULL,
  PRIMARY KEY (import_id, ord)
) WITHOUT ROWID;
CREATE INDEX import_targets_by_to ON import_targets (to_path);
CREATE INDEX import_targets_by_from ON import_targets (from_path);

-- Identifier uses as extracted, clustered by file in extraction order (ord), so reading
-- or deleting a file's references is a range scan and needs no second index.
CREATE TABLE raw_refs (
  from_path TEXT NOT NULL,
  ord       INTEGER NOT NULL,
  from_key  TEXT NOT NULL,
  name      TEXT NOT NULL,
  qualifier TEXT,
  kind      TEXT NOT NULL,
  line      INTEGER NOT NULL,
  PRIMARY KEY (from_path, ord)
) WITHOUT ROWID;
CREATE INDEX raw_refs_by_name ON raw_refs (name);

-- Resolved edges, one per (from, to, kind); indexed both ways by key and by path.
CREATE TABLE refs (
  from_key   TEXT NOT NULL,
  to_key     TEXT NOT NULL,
  kind       TEXT NOT NULL,
  from_path  TEXT NOT NULL,
  to_path    TEXT NOT NULL,
  count      INTEGER NOT NULL,
  confidence REAL NOT NULL,
  PRIMARY KEY (from_key, to_key, kind)
) WITHOUT ROWID;
CREATE INDEX refs_by_to_key ON refs (to_key);
CREATE INDEX refs_by_from_path ON refs (from_path, to_path);
CREATE INDEX refs_by_to_path ON refs (to_path, from_path);

-- rowid doubles as the rowid of the chunk's row in docs_fts.
CREATE TABLE doc_chunks (
  rowid        INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  path         TEXT NOT NULL,
  heading_path TEXT NOT NULL, -- JSON array of strings
  text         TEXT NOT NULL,
  start_line   INTEGER NOT NULL,
  end_line     INTEGER NOT NULL
);
CREATE INDEX doc_chunks_by_path ON doc_chunks (path, start_line);

CREATE TABLE doc_links (
  chunk_id  TEXT NOT NULL,
  from_path TEXT NOT NULL,
  to_path   TEXT NOT NULL,
  to_key    TEXT,
  mention   TEXT NOT NULL
);
CREATE INDEX doc_links_by_chunk ON doc_links (chunk_id);
CREATE INDEX doc_links_by_from ON doc_links (from_path);
CREATE INDEX doc_links_by_to_path ON doc_links (to_path);
CREATE INDEX doc_links_by_to_key ON doc_links (to_key);

-- Each unordered pair once, a < b; neighbours are looked up on both columns.
CREATE TABLE cochange (
  a     TEXT NOT NULL,
  b     TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (a, b),
  CHECK (a < b)
) WITHOUT ROWID;
CREATE INDEX cochange_by_b ON cochange (b);

-- Full-text tables hold the code-aware token text of src/core/tokens.ts (ftsText,
-- pathTokens), which is why "_" and "." are token characters. Contentless: the index
-- does not keep a second copy of every file; rows are deleted by rowid.
CREATE VIRTUAL TABLE files_fts USING fts5 (
  path, body,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_.'"
);
CREATE VIRTUAL TABLE symbols_fts USING fts5 (
  name, qualified, signature, doc, body, path,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_.'"
);
CREATE VIRTUAL TABLE docs_fts USING fts5 (
  heading, body, path,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_.'"
);

-- Document frequency per term, for custom scoring (termStats).
CREATE VIRTUAL TABLE files_vocab USING fts5vocab (files_fts, 'row');
CREATE VIRTUAL TABLE symbols_vocab USING fts5vocab (symbols_fts, 'row');
CREATE VIRTUAL TABLE docs_vocab USING fts5vocab (docs_fts, 'row');
