-- The catalog of published index generations, version 1, in the cairn_catalog schema.
-- A generation's files are stored in chunks; it becomes visible to readers only when its
-- row turns 'published', in the one transaction that also records its files. A publisher
-- killed mid-upload leaves an 'uploading' row (never read), removed by the next publisher,
-- which holds the repository's index-run lock and so knows no live upload is under way.

CREATE TABLE repositories (
  name       text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE generations (
  repository   text NOT NULL REFERENCES repositories (name),
  generation   bigint NOT NULL CHECK (generation >= 1),
  state        text NOT NULL CHECK (state IN ('uploading', 'published')),
  git_head     text,
  publisher    text NOT NULL,          -- host and process id, for the operator
  started_at   bigint NOT NULL,        -- unix ms
  published_at bigint,                 -- unix ms, set when published
  PRIMARY KEY (repository, generation),
  CHECK ((state = 'published') = (published_at IS NOT NULL))
);
CREATE INDEX generations_published ON generations (repository, generation DESC) WHERE state = 'published';

CREATE TABLE generation_files (
  repository text NOT NULL,
  generation bigint NOT NULL,
  name       text NOT NULL,
  sha256     text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes      bigint NOT NULL,
  chunks     integer NOT NULL,
  PRIMARY KEY (repository, generation, name),
  FOREIGN KEY (repository, generation) REFERENCES generations ON DELETE CASCADE
);

CREATE TABLE generation_chunks (
  repository text NOT NULL,
  generation bigint NOT NULL,
  name       text NOT NULL,
  seq        integer NOT NULL,
  data       bytea NOT NULL,
  PRIMARY KEY (repository, generation, name, seq),
  FOREIGN KEY (repository, generation) REFERENCES generations ON DELETE CASCADE
);
-- Chunks are already compressed-or-not as the file is; PostgreSQL's own TOAST compression
-- of 4 MiB values costs CPU on every read for little: stored as they are.
ALTER TABLE generation_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
