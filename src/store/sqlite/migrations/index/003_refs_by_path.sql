-- Version 3: references clustered by file. A symbol key starts with its file's path
-- ("path::Qualified.name", or the path itself for module-level code), so a primary key
-- led by from_path serves lookups by file and by symbol from one b-tree, and a single
-- index led by to_path serves the reverse direction: two b-trees per edge instead of
-- four, which halves the cost of writing the largest table of the index. `count` rides
-- in the index (beside the primary key it carries anyway, from_path included) so that
-- "which files use this file, how much" is answered from the index alone.

CREATE TABLE refs_by_path (
  from_path  TEXT NOT NULL,
  from_key   TEXT NOT NULL,
  to_key     TEXT NOT NULL,
  kind       TEXT NOT NULL,
  to_path    TEXT NOT NULL,
  count      INTEGER NOT NULL,
  confidence REAL NOT NULL,
  PRIMARY KEY (from_path, from_key, to_key, kind)
) WITHOUT ROWID;

INSERT INTO refs_by_path (from_path, from_key, to_key, kind, to_path, count, confidence)
  SELECT from_path, from_key, to_key, kind, to_path, count, confidence FROM refs;

DROP TABLE refs;
ALTER TABLE refs_by_path RENAME TO refs;
CREATE INDEX refs_by_to ON refs (to_path, to_key, count);
