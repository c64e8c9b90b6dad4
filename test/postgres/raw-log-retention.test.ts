// The raw log's retention on PostgreSQL (migration 002): the table is range-partitioned by
// seq and kept under log.maxBytes by dropping whole old partitions, never by touching a row.
// Here: a version-1 log moved into partitions by two processes starting together (every
// row with its own seq, the serving role's grants kept, numbering forward); and, once
// retention dropped old partitions, every partition still refusing UPDATE, DELETE and
// TRUNCATE — also when the statement names the partition — while a serving role can append
// and keep the log but not drop a partition itself. (The bound itself, and the tail kept,
// are the raw-log conformance suite's, run against both adapters.)

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectPg } from '../../src/store/postgres/connection.js';
import { loadPgMigrations } from '../../src/store/postgres/migrations.js';
import { openPgRawLog } from '../../src/store/postgres/raw-log.js';
import type { RawLog } from '../../src/store/raw-log.js';
import { asSuperuser, dropSchema, freshSchema, migrateInChild, pgUrl } from '../support/postgres.js';

const url = pgUrl();
const CX001 = /append-only/;

/** A schema at version 1 of the repository stream, as a cairn before partitions left it. */
function versionOneSchema(schema: string): void {
  const db = connectPg(url!, { schema: 'public' });
  try {
    db.script(`CREATE SCHEMA ${schema}; SET search_path = ${schema}`);
    db.script(`CREATE TABLE cairn_migrations (stream text NOT NULL, version integer NOT NULL, name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (stream, version))`);
    db.script(loadPgMigrations('repository')[0]!.sql);
    db.run("INSERT INTO cairn_migrations (stream, version, name) VALUES ('repository', 1, 'shared_state')");
  } finally {
    db.close();
  }
}

function roleUrl(role: string): string {
  const serving = new URL(url!);
  serving.username = role;
  return serving.toString();
}

const run = (n: number) =>
  Array.from({ length: 10 }, (_, i) => ({ taskId: 't', runId: `run-${n}`, kind: 'decision' as const, stage: null, payload: { n, i, pad: randomBytes(1800).toString('base64') } }));

describe.skipIf(url === null)('postgres: raw-log retention by partitions', () => {
  const schemas: string[] = [];
  const roles: string[] = [];
  const logs: RawLog[] = [];
  afterEach(() => {
    for (const log of logs.splice(0)) log.close();
    for (const schema of schemas.splice(0)) dropSchema(url!, schema);
    for (const role of roles.splice(0)) asSuperuser(url!, 'public', { sql: `DROP OWNED BY ${role}` }, { sql: `DROP ROLE IF EXISTS ${role}` });
  });

  it('moves a version-1 log into partitions when two processes start together: every row with its seq, grants kept, numbering forward', async () => {
    const schema = freshSchema('rl');
    schemas.push(schema);
    const role = `cairn_rl_${randomBytes(4).toString('hex')}`;
    roles.push(role);
    versionOneSchema(schema);
    asSuperuser(url!, schema,
      { sql: "INSERT INTO raw_log (at, task_id, run_id, kind, stage, payload) SELECT g, 't', 'r' || g, 'info', NULL, json_build_object('g', g) FROM generate_series(1, 500) g" },
      { sql: `CREATE ROLE ${role} LOGIN` },
      { sql: `GRANT USAGE ON SCHEMA ${schema} TO ${role}` },
      { sql: `GRANT SELECT ON ${schema}.cairn_migrations TO ${role}` },
      { sql: `GRANT SELECT, INSERT ON ${schema}.raw_log TO ${role}` },
    );
    const before = asSuperuser(url!, schema, { sql: 'SELECT seq, at, run_id, payload FROM raw_log ORDER BY seq' })[0]!;

    const startAt = Date.now() + 1_500;
    const results = await Promise.all([1, 2].map(() => migrateInChild(url!, schema, startAt)));
    expect(results.sort()).toEqual(['applied [2] | ok', 'applied [] | ok']);

    const [after, kind] = asSuperuser(url!, schema,
      { sql: 'SELECT seq, at, run_id, payload FROM raw_log ORDER BY seq' },
      { sql: "SELECT relkind::text FROM pg_class WHERE oid = 'raw_log'::regclass" },
    );
    expect(after).toEqual(before);
    expect(kind).toEqual([['p']]);
    // The serving role appends (its grants moved with the table) and runs retention on open.
    const log = openPgRawLog(roleUrl(role), schema);
    logs.push(log);
    expect(log.append({ taskId: 't', runId: 'after', kind: 'info', stage: null, payload: 1 }).seq).toBeGreaterThan(500);
    expect(log.usage().segments).toBe(1);
  }, 60_000);

  it('drops old partitions, keeps the newest, and every partition still refuses UPDATE, DELETE and TRUNCATE', () => {
    const schema = freshSchema('rl');
    schemas.push(schema);
    const role = `cairn_rl_${randomBytes(4).toString('hex')}`;
    roles.push(role);
    const log = openPgRawLog(url!, schema, { maxBytes: 1024 * 1024 });
    logs.push(log);
    asSuperuser(url!, schema, { sql: `CREATE ROLE ${role} LOGIN` }, { sql: `GRANT USAGE ON SCHEMA ${schema} TO ${role}` },
      { sql: `GRANT SELECT ON ${schema}.cairn_migrations TO ${role}` }, { sql: `GRANT SELECT, INSERT ON ${schema}.raw_log TO ${role}` },
      { sql: `GRANT EXECUTE ON FUNCTION ${schema}.raw_log_keep(bigint) TO ${role}` });
    for (let n = 0; n < 200; n++) log.appendAll(run(n));
    const partitions = asSuperuser(url!, schema, { sql: 'SELECT name FROM raw_log_partitions() ORDER BY first_seq' })[0]!.map((row) => (row as string[])[0]!);
    expect(partitions.length).toBeGreaterThan(1);
    expect(partitions).not.toContain('raw_log_s0'); // the first partition went whole
    const kept = log.read({});
    expect(kept.at(-1)!.runId).toBe('run-199');
    expect((kept[0]!.payload as { i: number }).i).toBe(0); // whole runs: a partition ends between batches

    for (const table of ['raw_log', ...partitions]) {
      for (const sql of [`UPDATE ${table} SET payload = '"rewritten"'`, `DELETE FROM ${table}`, `TRUNCATE ${table}`]) {
        expect(() => asSuperuser(url!, schema, { sql }), sql).toThrow(CX001);
      }
    }
    // A serving role appends and keeps the log, and cannot drop a partition (only the owner's raw_log_keep does).
    const serving = openPgRawLog(roleUrl(role), schema, { maxBytes: 1024 * 1024 });
    logs.push(serving);
    serving.appendAll(run(200));
    const db = connectPg(roleUrl(role), { schema });
    try {
      expect(() => db.script(`DROP TABLE ${partitions[0]}`)).toThrow(/owner/);
    } finally {
      db.close();
    }
    const now = log.read({});
    expect(now.slice(-10).map((record) => record.runId)).toEqual(Array(10).fill('run-200'));
    expect(now.slice(0, -10)).toEqual(kept.slice(kept.length - (now.length - 10)));
  });
});
