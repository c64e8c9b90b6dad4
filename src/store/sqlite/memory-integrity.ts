// What `cairn doctor` asks of the memory store: every sign that tracking rows were lost or
// rewritten behind cairn's back (a connection without foreign keys, a hand edit, a disk
// fault). Read-only: it reports, it never repairs (a silent repair would hide lost rows).

import type { IntegrityFinding } from '../memory.js';
import type { StatementCache } from './statements.js';

/** Findings of one kind listed one by one up to this; the rest are counted in one line. */
const MAX_LISTED = 50;

export function verifyMemory(sql: StatementCache): IntegrityFinding[] {
  return [
    ...foreignKeys(sql),
    ...episodeRows(sql),
    ...blockArtifacts(sql),
    ...ledgerOrder(sql),
    ...ledgerChains(sql),
    ...versionStates(sql),
  ];
}

function capped(kind: IntegrityFinding['kind'], findings: IntegrityFinding[]): IntegrityFinding[] {
  if (findings.length <= MAX_LISTED) return findings;
  const rest = findings.length - MAX_LISTED;
  return [...findings.slice(0, MAX_LISTED), { kind, subject: `${rest} more`, detail: `${rest} more findings of this kind` }];
}

/** Rows whose parent row is gone. Blocks naming missing artifacts are reported apart, by name. */
function foreignKeys(sql: StatementCache): IntegrityFinding[] {
  const rows = sql.all<{ table: string; parent: string }>('PRAGMA foreign_key_check');
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.table === 'blocks' && row.parent === 'artifacts') continue;
    const key = `${row.table} → ${row.parent}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([subject, count]) => ({ kind: 'foreign-key', subject, detail: `${count} row(s) of ${subject.split(' ')[0]} name a missing ${subject.split(' ').pop()} row` }));
}

function episodeRows(sql: StatementCache): IntegrityFinding[] {
  const rows = sql.all<{ id: string; block_count: number; blocks: number; cut_count: number; cuts: number }>(
    `SELECT e.id, e.block_count, e.cut_count,
       (SELECT count(*) FROM blocks b WHERE b.episode_id = e.id) AS blocks,
       (SELECT count(*) FROM cuts c WHERE c.episode_id = e.id) AS cuts
     FROM episodes e ORDER BY e.created_at, e.id`,
  );
  const findings = rows
    .filter((row) => row.blocks !== row.block_count || row.cuts !== row.cut_count)
    .map((row): IntegrityFinding => ({
      kind: 'episode-rows-missing',
      subject: row.id,
      detail: `written with ${row.block_count} block(s) and ${row.cut_count} cut(s); ${row.blocks} and ${row.cuts} found`,
    }));
  return capped('episode-rows-missing', findings);
}

function blockArtifacts(sql: StatementCache): IntegrityFinding[] {
  const rows = sql.all<{ episode_id: string; position: number; entity_key: string; hash: string }>(
    `SELECT episode_id, position, entity_key, artifact_hash AS hash FROM blocks
       WHERE artifact_hash IS NOT NULL AND artifact_hash NOT IN (SELECT hash FROM artifacts)
     UNION ALL
     SELECT episode_id, position, entity_key, previous_hash AS hash FROM blocks
       WHERE previous_hash IS NOT NULL AND previous_hash NOT IN (SELECT hash FROM artifacts)
     ORDER BY 1, 2`,
  );
  const findings = rows.map((row): IntegrityFinding => ({
    kind: 'block-artifact-missing',
    subject: `${row.episode_id} #${row.position + 1}`,
    detail: `block of ${row.entity_key} names artifact ${row.hash.slice(0, 12)}, which the vault does not hold`,
  }));
  return capped('block-artifact-missing', findings);
}

function ledgerOrder(sql: StatementCache): IntegrityFinding[] {
  const rows = sql.all<{ seq: number; at: number; before: number; entity_key: string }>(
    `SELECT seq, at, entity_key, before FROM (SELECT seq, at, entity_key, lag(at) OVER (ORDER BY seq) AS before FROM ledger) WHERE at < before ORDER BY seq`,
  );
  const findings = rows.map((row): IntegrityFinding => ({
    kind: 'ledger-out-of-order',
    subject: `ledger #${row.seq}`,
    detail: `${row.entity_key}: recorded at ${new Date(row.at).toISOString()}, before the row ahead of it (${new Date(row.before).toISOString()})`,
  }));
  return capped('ledger-out-of-order', findings);
}

/** Each version's rows: created first (from NULL), then each move from where the last one went. */
function ledgerChains(sql: StatementCache): IntegrityFinding[] {
  const rows = sql.all<{ seq: number; entity_key: string; version: number; from_state: string | null; previous: string | null; first: number }>(
    `SELECT seq, entity_key, version, from_state, previous, first FROM (
       SELECT seq, entity_key, version, from_state,
         lag(to_state) OVER w AS previous, row_number() OVER w = 1 AS first
       FROM ledger WINDOW w AS (PARTITION BY entity_key, version ORDER BY seq))
     WHERE (first AND from_state IS NOT NULL) OR (NOT first AND (from_state IS NULL OR from_state <> previous))
     ORDER BY seq`,
  );
  const findings = rows.map((row): IntegrityFinding => ({
    kind: 'ledger-chain-broken',
    subject: `${row.entity_key} v${row.version}`,
    detail: row.first
      ? `ledger #${row.seq} is the version's first row but moves from ${row.from_state}: its creation row is missing`
      : `ledger #${row.seq} moves from ${row.from_state ?? 'nothing'}, but the row before it left the version ${row.previous}`,
  }));
  return capped('ledger-chain-broken', findings);
}

function versionStates(sql: StatementCache): IntegrityFinding[] {
  const rows = sql.all<{ entity_key: string; version: number; state: string; last: string | null }>(
    `SELECT v.entity_key, v.version, v.state,
       (SELECT l.to_state FROM ledger l WHERE l.entity_key = v.entity_key AND l.version = v.version ORDER BY l.seq DESC LIMIT 1) AS last
     FROM versions v ORDER BY v.entity_key, v.version`,
  );
  const findings = rows
    .filter((row) => row.last !== row.state)
    .map((row): IntegrityFinding => ({
      kind: 'version-state-mismatch',
      subject: `${row.entity_key} v${row.version}`,
      detail: row.last === null ? `is ${row.state} with no ledger row` : `is ${row.state}, but its ledger ends at ${row.last}`,
    }));
  return capped('version-state-mismatch', findings);
}
