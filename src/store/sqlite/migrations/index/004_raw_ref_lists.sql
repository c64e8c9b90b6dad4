-- Version 4: raw references as one row per file. One row per reference (141k on sympy)
-- made them the most written rows of a full index, and reading them all back for the
-- link phase the most read; a file's references are only ever written, read and deleted
-- together, so they are stored as one JSON text (rows.ts: encodeRawRefs):
--   [keys, names, uses]   keys, names: the file's distinct enclosing keys and names;
--                         uses: key index, name index, qualifier, kind, line per reference,
--                         in extraction order.
-- raw_ref_names answers "which files use one of these names" (re-resolving after
-- definitions change). It needs no index by path: a file's pairs are found from the
-- names of its list (json_each(refs, '$[1]')).

CREATE TABLE raw_ref_lists (
  from_path TEXT PRIMARY KEY,
  refs      TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE raw_ref_names (
  name      TEXT NOT NULL,
  from_path TEXT NOT NULL,
  PRIMARY KEY (name, from_path)
) WITHOUT ROWID;

INSERT INTO raw_ref_names (name, from_path) SELECT DISTINCT name, from_path FROM raw_refs;

-- Dictionaries sorted (dense_rank numbers them in the same order as the sorted lists).
WITH coded AS MATERIALIZED (
  SELECT from_path, ord, qualifier, kind, line,
    dense_rank() OVER (PARTITION BY from_path ORDER BY from_key) - 1 AS key_at,
    dense_rank() OVER (PARTITION BY from_path ORDER BY name) - 1 AS name_at
  FROM raw_refs
),
keys AS (
  SELECT from_path, json_group_array(from_key ORDER BY from_key) AS list
  FROM (SELECT DISTINCT from_path, from_key FROM raw_refs) GROUP BY from_path
),
names AS (
  SELECT from_path, json_group_array(name ORDER BY name) AS list
  FROM (SELECT DISTINCT from_path, name FROM raw_refs) GROUP BY from_path
),
uses AS (
  SELECT from_path, json_group_array(value ORDER BY ord, slot) AS list
  FROM (
    SELECT from_path, ord, 0 AS slot, key_at AS value FROM coded
    UNION ALL SELECT from_path, ord, 1, name_at FROM coded
    UNION ALL SELECT from_path, ord, 2, qualifier FROM coded
    UNION ALL SELECT from_path, ord, 3, kind FROM coded
    UNION ALL SELECT from_path, ord, 4, line FROM coded
  )
  GROUP BY from_path
)
INSERT INTO raw_ref_lists (from_path, refs)
  SELECT uses.from_path, json_array(json(keys.list), json(names.list), json(uses.list))
  FROM uses JOIN keys USING (from_path) JOIN names USING (from_path);

DROP TABLE raw_refs;
