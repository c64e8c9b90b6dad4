-- Version 6: file metadata (core/file-meta.ts) — what a file says it is for (module
-- docstring or leading comment), its module and domain, its top-level names — written with
-- the file and searched as the `meta` target. Rows hang off the file like its symbols: the
-- row and its full-text row go whenever the file is rewritten or deleted. An index built
-- before this version holds none; the indexer re-extracts every file once
-- (indexer/file-meta/file-meta.ts FILE_META_VERSION), which fills them.

CREATE TABLE file_meta (
  path      TEXT PRIMARY KEY,
  module    TEXT NOT NULL,
  domain    TEXT,
  doc       TEXT,
  top_level TEXT NOT NULL -- JSON array of strings
) WITHOUT ROWID;

-- rowid = the file's id in `files` (as for files_fts), so a hit joins back through files.
CREATE VIRTUAL TABLE file_meta_fts USING fts5 (
  module, doc, names, path,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_.'"
);
CREATE VIRTUAL TABLE file_meta_vocab USING fts5vocab (file_meta_fts, 'row');
