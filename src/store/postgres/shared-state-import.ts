// Moving a repository's shared state into PostgreSQL as it was (`cairn migrate --to`): the
// raw log's entries keep their sequence numbers and times (the identity column overridden
// for these rows only, then moved past them, so later appends continue after the last;
// retention runs after each batch, so a long log is cut into partitions as appends would be),
// and a repository's schema can be dropped whole to be replaced.

import { InputError } from '../../core/errors.js';
import type { RawLogRecord } from '../raw-log.js';
import { connectPg } from './connection.js';
import { mapPgError } from './errors.js';
import { migrate } from './migrations.js';

/** Rows per INSERT: the batch travels as one JSON parameter. */
const BATCH = 2000;

const INSERT_VERBATIM = `INSERT INTO raw_log (seq, at, task_id, run_id, kind, stage, payload) OVERRIDING SYSTEM VALUE
  SELECT e.seq, e.at, e.task_id, e.run_id, e.kind, e.stage, coalesce(e.payload, 'null'::json)
  FROM json_to_recordset($1::json) AS e(seq bigint, at bigint, task_id text, run_id text, kind text, stage text, payload json)`;

/** Appends `records` to an empty raw log with their own seq and at, in one transaction, kept under `maxBytes` (log.maxBytes). */
export function importPgRawLog(url: string, schema: string, records: readonly RawLogRecord[], maxBytes: number): void {
  const db = connectPg(url, { schema });
  try {
    migrate(db, 'repository');
    db.transaction(() => {
      for (let start = 0; start < records.length; start += BATCH) {
        const rows = records.slice(start, start + BATCH).map((r) => ({ seq: r.seq, at: r.at, task_id: r.taskId, run_id: r.runId, kind: r.kind, stage: r.stage, payload: r.payload ?? null }));
        db.run(INSERT_VERBATIM, [JSON.stringify(rows)]);
        db.query('SELECT raw_log_keep($1)', [maxBytes]);
      }
      db.query("SELECT setval(pg_get_serial_sequence('raw_log', 'seq'), coalesce((SELECT max(seq) FROM raw_log), 0) + 1, false)");
    });
  } catch (error) {
    throw mapPgError(error, db.target);
  } finally {
    db.close();
  }
}

/** Drops a repository's schema and everything in it (the owner's right; the raw log's triggers guard rows, not the schema). */
export function dropPgSchema(url: string, schema: string): void {
  if (!/^repo_[a-z0-9_]{1,58}$/.test(schema)) throw new InputError('INPUT_INVALID', `"${schema.slice(0, 70)}" is not a repository schema cairn made`);
  const db = connectPg(url, { schema: 'public' });
  try {
    db.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } catch (error) {
    throw mapPgError(error, db.target);
  } finally {
    db.close();
  }
}
