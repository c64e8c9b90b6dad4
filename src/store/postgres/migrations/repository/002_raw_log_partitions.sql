-- The raw log, version 2: range-partitioned by seq, so retention drops whole old
-- partitions (a DROP of a partition is not an UPDATE or DELETE of rows: what is kept is
-- exactly what was written) — the PostgreSQL form of the SQLite log's segments. Every
-- partition refuses UPDATE and DELETE (row triggers cloned from the parent) and TRUNCATE
-- (a statement trigger of its own, made with it), for every role, with SQLSTATE CX001.
--
-- The newest partition runs from its first seq to MAXVALUE; `raw_log_keep(max_bytes)` closes
-- it at the next seq once it holds an eighth of the bound (at least 256 KiB, as SQLite's
-- segments), opens the next, and drops the oldest while the log is over the bound. It runs
-- as the owner (SECURITY DEFINER): a serving role appends and calls it, and can neither drop
-- a partition by itself nor touch a row.
--
-- Moving version 1's rows: the table is renamed, the new one made, the rows copied with
-- their own seq, the sequence moved past them, the old table dropped (its triggers guard
-- rows, not the table), its grants given again on the new one. All in the migration's one
-- transaction under its advisory lock (migrations.ts): two processes starting together
-- apply it once, and a reader sees the old table or the new one.

ALTER TABLE raw_log RENAME TO raw_log_v1;
ALTER INDEX raw_log_pkey RENAME TO raw_log_v1_pkey;
ALTER INDEX raw_log_by_task RENAME TO raw_log_v1_by_task;
ALTER INDEX raw_log_by_run RENAME TO raw_log_v1_by_run;
ALTER SEQUENCE raw_log_seq_seq RENAME TO raw_log_v1_seq_seq;

CREATE TABLE raw_log (
  seq     bigint GENERATED ALWAYS AS IDENTITY,
  at      bigint NOT NULL,                -- unix ms
  task_id text NOT NULL,
  run_id  text NOT NULL,
  kind    text NOT NULL,
  stage   text,
  payload json NOT NULL,
  PRIMARY KEY (seq)
) PARTITION BY RANGE (seq);
CREATE INDEX raw_log_by_task ON raw_log (task_id, seq);
CREATE INDEX raw_log_by_run ON raw_log (run_id, seq);

CREATE TRIGGER raw_log_refuse_update_delete BEFORE UPDATE OR DELETE ON raw_log
  FOR EACH ROW EXECUTE FUNCTION raw_log_refuse_rewrite();
CREATE TRIGGER raw_log_refuse_truncate BEFORE TRUNCATE ON raw_log
  FOR EACH STATEMENT EXECUTE FUNCTION raw_log_refuse_rewrite();

-- A partition is named by its first seq (raw_log_s0 starts at MINVALUE): oldest first is by that number.
CREATE FUNCTION raw_log_open_partition(first_seq bigint) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  EXECUTE format('CREATE TABLE %I PARTITION OF raw_log FOR VALUES FROM (%s) TO (MAXVALUE)',
    'raw_log_s' || first_seq, CASE WHEN first_seq = 0 THEN 'MINVALUE' ELSE first_seq::text END);
  -- Statement triggers are not cloned to partitions: a TRUNCATE naming the partition meets its own.
  EXECUTE format('CREATE TRIGGER raw_log_refuse_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION raw_log_refuse_rewrite()',
    'raw_log_s' || first_seq);
END $$;

SELECT raw_log_open_partition(0);

INSERT INTO raw_log (seq, at, task_id, run_id, kind, stage, payload) OVERRIDING SYSTEM VALUE
  SELECT seq, at, task_id, run_id, kind, stage, payload FROM raw_log_v1 ORDER BY seq;
-- Past every seq version 1 handed out (rows, and a rolled-back batch's gap): never reused.
SELECT setval(pg_get_serial_sequence('raw_log', 'seq'),
  greatest((SELECT coalesce(max(seq), 0) FROM raw_log_v1) + 1, nextval(pg_get_serial_sequence('raw_log_v1', 'seq'))),
  false);

-- The partitions, oldest first, with their first seq and size.
CREATE FUNCTION raw_log_partitions() RETURNS TABLE (name text, first_seq bigint, bytes bigint) LANGUAGE sql STABLE
SET search_path FROM CURRENT AS $$
  SELECT c.relname::text, substring(c.relname FROM '^raw_log_s(\d+)$')::bigint, pg_total_relation_size(c.oid)
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = 'raw_log'::regclass
   ORDER BY 2
$$;

-- Retention, called by the adapter before it appends: closes a full newest partition, drops
-- the oldest while the log is larger than max_bytes (never the newest). Returns how many
-- partitions it dropped. One keeper at a time (the others skip and append); a lock it cannot
-- take within lock_timeout (a long read of the log) is left for the next call.
CREATE FUNCTION raw_log_keep(max_bytes bigint) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT SET lock_timeout = '2s' AS $$
DECLARE
  newest record;
  oldest record;
  cut bigint;
  total bigint;
  dropped integer := 0;
BEGIN
  IF max_bytes IS NULL OR max_bytes < 1 THEN
    RAISE EXCEPTION 'raw_log_keep: the bound must be a positive number of bytes, not %', max_bytes USING ERRCODE = '22023';
  END IF;
  IF NOT pg_try_advisory_xact_lock(hashtext('cairn raw log keep'), hashtext(current_schema())) THEN
    RETURN 0;
  END IF;
  SELECT * INTO newest FROM raw_log_partitions() ORDER BY first_seq DESC LIMIT 1;
  IF newest.bytes >= greatest(262144, max_bytes / 8) THEN
    -- No append is in flight once this is held: every seq handed out is in a committed row or gone.
    LOCK TABLE raw_log IN ACCESS EXCLUSIVE MODE;
    cut := (SELECT coalesce(max(seq), 0) FROM raw_log) + 1;
    IF cut > newest.first_seq THEN
      EXECUTE format('ALTER TABLE raw_log DETACH PARTITION %I', newest.name);
      EXECUTE format('ALTER TABLE raw_log ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', newest.name,
        CASE WHEN newest.first_seq = 0 THEN 'MINVALUE' ELSE newest.first_seq::text END, cut);
      PERFORM raw_log_open_partition(cut);
    END IF;
  END IF;
  SELECT sum(bytes), max(first_seq) INTO total, cut FROM raw_log_partitions();
  FOR oldest IN SELECT * FROM raw_log_partitions() ORDER BY first_seq LOOP
    EXIT WHEN total <= max_bytes OR oldest.first_seq = cut;
    EXECUTE format('DROP TABLE %I', oldest.name);
    total := total - oldest.bytes;
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
EXCEPTION WHEN lock_not_available THEN
  RETURN 0;
END $$;
REVOKE ALL ON FUNCTION raw_log_keep(bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION raw_log_open_partition(bigint) FROM PUBLIC;

-- Whoever could append to version 1 appends to version 2 and keeps it (the serving role's grants, README).
DO $$
DECLARE
  granted record;
BEGIN
  FOR granted IN
    SELECT a.grantee::regrole::text AS grantee, a.privilege_type
      FROM pg_class c, aclexplode(c.relacl) a
     WHERE c.oid = 'raw_log_v1'::regclass AND a.grantee <> c.relowner AND a.grantee <> 0
  LOOP
    EXECUTE format('GRANT %s ON raw_log TO %s', granted.privilege_type, granted.grantee);
    IF granted.privilege_type = 'INSERT' THEN
      EXECUTE format('GRANT EXECUTE ON FUNCTION raw_log_keep(bigint) TO %s', granted.grantee);
    END IF;
  END LOOP;
END $$;

DROP TABLE raw_log_v1;
