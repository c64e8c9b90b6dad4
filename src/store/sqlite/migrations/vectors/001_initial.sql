-- Symbol vectors and the embedding cache, version 1. The vec0 table that holds the vectors
-- themselves (`item_vectors`) is created at run time by the adapter, because its dimension
-- comes from the embedding model; these ordinary tables need no extension.

-- model, dimensions: what produced the vectors in item_vectors (absent while empty).
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per stored vector: the id it answers to (a symbol key) and the file it came from.
-- item_id is the vec0 rowid.
CREATE TABLE items (
  item_id INTEGER PRIMARY KEY,
  id      TEXT NOT NULL UNIQUE,
  path    TEXT NOT NULL
);
CREATE INDEX items_by_path ON items (path);

-- Files whose vectors are complete, with the indexer's stamp for the content they came from.
CREATE TABLE completed_paths (
  path  TEXT PRIMARY KEY,
  stamp TEXT NOT NULL
) WITHOUT ROWID;

-- Embeddings by (model, content hash): survives model switches, rebuilds and renames.
CREATE TABLE embedding_cache (
  model        TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  vector       BLOB NOT NULL, -- little-endian float32
  PRIMARY KEY (model, content_hash)
) WITHOUT ROWID;
