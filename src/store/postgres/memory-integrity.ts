// `cairn doctor`'s checks of the memory tables in PostgreSQL: the same findings as the
// SQLite adapter's. Foreign keys are always enforced here, so orphans appear only when
// rows were changed with the checks off (session_replication_role = replica, a restore,
// a fault): each foreign key is checked by a query of its own. Read-only.

import type { IntegrityFinding } from '../memory.js';
import type { PgConnection } from './connection.js';

const MAX_LISTED = 50;

/** Child table, its columns, parent table, its columns — as migrations/repository/001 declares them. */
const FOREIGN_KEYS: readonly [string, string[], string, string[]][] = [
  ['blocks', ['episode_id'], 'episodes', ['id']],
  ['blocks', ['previous_episode'], 'episodes', ['id']],
  ['cuts', ['episode_id'], 'episodes', ['id']],
  ['versions', ['artifact_hash'], 'artifacts', ['hash']],
  ['versions', ['episode_id'], 'episodes', ['id']],
  ['ledger', ['artifact_hash'], 'artifacts', ['hash']],
  ['ledger', ['episode_id'], 'episodes', ['id']],
  ['ledger', ['entity_key', 'version'], 'versions', ['entity_key', 'version']],
  ['evaluations', ['artifact_hash'], 'artifacts', ['hash']],
  ['evaluations', ['episode_id'], 'episodes', ['id']],
  ['evaluations', ['entity_key', 'version'], 'versions', ['entity_key', 'version']],
  ['authority', ['artifact_hash'], 'artifacts', ['hash']],
];

export function verifyPgMemory(db: PgConnection): IntegrityFinding[] {
  return [...foreignKeys(db), ...episodeRows(db), ...blockArtifacts(db), ...ledgerOrder(db), ...ledgerChains(db), ...versionStates(db)];
}

function capped(kind: IntegrityFinding['kind'], findings: IntegrityFinding[]): IntegrityFinding[] {
  if (findings.length <= MAX_LISTED) return findings;
  const rest = findings.length - MAX_LISTED;
  return [...findings.slice(0, MAX_LISTED), { kind, subject: `${rest} more`, detail: `${rest} more findings of this kind` }];
}

function foreignKeys(db: PgConnection): IntegrityFinding[] {
  const counts = new Map<string, number>();
  for (const [child, columns, parent, keys] of FOREIGN_KEYS) {
    const present = columns.map((c) => `c.${c} IS NOT NULL`).join(' AND ');
    const match = columns.map((c, i) => `p.${keys[i]} = c.${c}`).join(' AND ');
    const orphans = db.value<number>(`SELECT count(*) FROM ${child} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${parent} p WHERE ${match})`) ?? 0;
    const subject = `${child} → ${parent}`;
    if (orphans > 0) counts.set(subject, (counts.get(subject) ?? 0) + orphans);
  }
  return [...counts].map(([subject, count]) => ({ kind: 'foreign-key', subject, detail: `${count} row(s) of ${subject.split(' ')[0]} name a missing ${subject.split(' ').pop()} row` }));
}

function episodeRows(db: PgConnection): IntegrityFinding[] {
  const rows = db.query<{ id: string; block_count: number; blocks: number; cut_count: number; cuts: number }>(
    `SELECT e.id, e.block_count, e.cut_count,
       (SELECT count(*) FROM blocks b WHERE b.episode_id = e.id) AS blocks,
       (SELECT count(*) FROM cuts c WHERE c.episode_id = e.id) AS cuts
     FROM episodes e ORDER BY e.created_at, e.id`,
  );
  return capped('episode-rows-missing', rows
    .filter((row) => row.blocks !== row.block_count || row.cuts !== row.cut_count)
    .map((row): IntegrityFinding => ({
      kind: 'episode-rows-missing',
      subject: row.id,
      detail: `written with ${row.block_count} block(s) and ${row.cut_count} cut(s); ${row.blocks} and ${row.cuts} found`,
    })));
}

function blockArtifacts(db: PgConnection): IntegrityFinding[] {
  const rows = db.query<{ episode_id: string; position: number; entity_key: string; hash: string }>(
    `SELECT episode_id, position, entity_key, artifact_hash AS hash FROM blocks b
       WHERE artifact_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM artifacts a WHERE a.hash = b.artifact_hash)
     UNION ALL
     SELECT episode_id, position, entity_key, previous_hash AS hash FROM blocks b
       WHERE previous_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM artifacts a WHERE a.hash = b.previous_hash)
     ORDER BY 1, 2`,
  );
  return capped('block-artifact-missing', rows.map((row): IntegrityFinding => ({
    kind: 'block-artifact-missing',
    subject: `${row.episode_id} #${row.position + 1}`,
    detail: `block of ${row.entity_key} names artifact ${row.hash.slice(0, 12)}, which the vault does not hold`,
  })));
}

function ledgerOrder(db: PgConnection): IntegrityFinding[] {
  const rows = db.query<{ seq: number; at: number; before: number; entity_key: string }>(
    `SELECT seq, at, entity_key, before FROM (SELECT seq, at, entity_key, lag(at) OVER (ORDER BY seq) AS before FROM ledger) AS l
     WHERE at < before ORDER BY seq`,
  );
  return capped('ledger-out-of-order', rows.map((row): IntegrityFinding => ({
    kind: 'ledger-out-of-order',
    subject: `ledger #${row.seq}`,
    detail: `${row.entity_key}: recorded at ${new Date(row.at).toISOString()}, before the row ahead of it (${new Date(row.before).toISOString()})`,
  })));
}

function ledgerChains(db: PgConnection): IntegrityFinding[] {
  const rows = db.query<{ seq: number; entity_key: string; version: number; from_state: string | null; previous: string | null; first: boolean }>(
    `SELECT seq, entity_key, version, from_state, previous, first FROM (
       SELECT seq, entity_key, version, from_state, lag(to_state) OVER w AS previous, row_number() OVER w = 1 AS first
       FROM ledger WINDOW w AS (PARTITION BY entity_key, version ORDER BY seq)) AS l
     WHERE (first AND from_state IS NOT NULL) OR (NOT first AND (from_state IS NULL OR from_state <> previous))
     ORDER BY seq`,
  );
  return capped('ledger-chain-broken', rows.map((row): IntegrityFinding => ({
    kind: 'ledger-chain-broken',
    subject: `${row.entity_key} v${row.version}`,
    detail: row.first
      ? `ledger #${row.seq} is the version's first row but moves from ${row.from_state}: its creation row is missing`
      : `ledger #${row.seq} moves from ${row.from_state ?? 'nothing'}, but the row before it left the version ${row.previous}`,
  })));
}

function versionStates(db: PgConnection): IntegrityFinding[] {
  const rows = db.query<{ entity_key: string; version: number; state: string; last: string | null }>(
    `SELECT v.entity_key, v.version, v.state,
       (SELECT l.to_state FROM ledger l WHERE l.entity_key = v.entity_key AND l.version = v.version ORDER BY l.seq DESC LIMIT 1) AS last
     FROM versions v ORDER BY v.entity_key, v.version`,
  );
  return capped('version-state-mismatch', rows
    .filter((row) => row.last !== row.state)
    .map((row): IntegrityFinding => ({
      kind: 'version-state-mismatch',
      subject: `${row.entity_key} v${row.version}`,
      detail: row.last === null ? `is ${row.state} with no ledger row` : `is ${row.state}, but its ledger ends at ${row.last}`,
    })));
}
