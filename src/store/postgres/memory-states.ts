// Entity versions, the ledger, gate evaluations and approvals in PostgreSQL. Every state
// change is a compare-and-set: the version row is read FOR UPDATE (a second writer waits,
// then reads the state the first one left), and the UPDATE names the state it moves from.
// State changes take one transaction-scoped advisory lock first, so ledger rows are
// numbered in commit order and their times never go back whichever replica wrote them.

import { ConflictError, NotFoundError } from '../../core/errors.js';
import { isLegalTransition, isLive, type EntityState, type GateEvaluation, type LedgerEntry } from '../../core/memory.js';
import type { AuthorityDecision, AuthorityRecord, EntityVersion, NewGateEvaluation, NewVersion, Transition } from '../memory.js';
import { APPROVED_KEYS_SQL, AUTHORITATIVE_KEYS_SQL, EVALUATION_COLUMNS, evaluationOf, ledgerOf, VERSION_COLUMNS, versionOf, type EvaluationRow, type LedgerRow, type VersionRow } from '../memory-rows.js';
import type { PgConnection } from './connection.js';

type Row<T> = T & Record<string, unknown>;

const LEDGER_COLUMNS = 'seq, entity_key, version, from_state, to_state, artifact_hash, episode_id, reason, at';

export class PgMemoryStates {
  constructor(private readonly db: PgConnection) {}

  current(entityKey: string): EntityVersion | null {
    const row = this.db.one<Row<VersionRow>>(`SELECT ${VERSION_COLUMNS} FROM versions WHERE entity_key = $1 ORDER BY version DESC LIMIT 1`, [entityKey]);
    return row === undefined ? null : versionOf(row);
  }

  versions(entityKey: string): EntityVersion[] {
    return this.db.query<Row<VersionRow>>(`SELECT ${VERSION_COLUMNS} FROM versions WHERE entity_key = $1 ORDER BY version`, [entityKey]).map(versionOf);
  }

  /** Called inside a transaction. A concurrent writer of the same next version fails on the primary key. */
  addVersion(next: NewVersion): EntityVersion {
    this.lockStateChanges();
    const current = this.current(next.entityKey);
    if (current !== null && isLive(current.state)) {
      if (current.artifactHash === next.artifactHash) {
        throw new ConflictError(`${next.entityKey} is already ${current.state} with artifact ${current.artifactHash.slice(0, 12)}`, {
          hint: 'an entity takes a new artifact only under a new hash',
        });
      }
      this.move(current, 'SUPERSEDED', { episodeId: next.episodeId, reason: `superseded by version ${current.version + 1}: ${next.reason}`, at: next.at });
    }
    const version = (current?.version ?? 0) + 1;
    const row = this.db.one<Row<VersionRow>>(
      `INSERT INTO versions (${VERSION_COLUMNS}) VALUES ($1, $2, $3, 'PROPOSED', $4, $5, $5) RETURNING ${VERSION_COLUMNS}`,
      [next.entityKey, version, next.artifactHash, next.episodeId, next.at],
    );
    this.appendLedger(next.entityKey, version, null, 'PROPOSED', next.artifactHash, next.episodeId, next.reason, next.at);
    return versionOf(row!);
  }

  /** Called inside a transaction. */
  transition(move: Transition): EntityVersion {
    this.lockStateChanges();
    const row = this.db.one<Row<VersionRow>>(`SELECT ${VERSION_COLUMNS} FROM versions WHERE entity_key = $1 AND version = $2 FOR UPDATE`, [move.entityKey, move.version]);
    if (row === undefined) throw new NotFoundError(`${move.entityKey} has no version ${move.version}`);
    const version = versionOf(row);
    if (version.state !== move.from) throw staleState(move.entityKey, move.version, version.state, move.from);
    if (!isLegalTransition(move.from, move.to)) {
      throw new ConflictError(`${move.entityKey} version ${move.version} cannot go from ${move.from} to ${move.to}`);
    }
    if (move.to === 'AUTHORITATIVE') this.requirePassingEvaluation(version, move.evaluationId);
    return this.move(version, move.to, move);
  }

  ledger(entityKey?: string): LedgerEntry[] {
    const rows = entityKey === undefined
      ? this.db.query<Row<LedgerRow>>(`SELECT ${LEDGER_COLUMNS} FROM ledger ORDER BY seq`)
      : this.db.query<Row<LedgerRow>>(`SELECT ${LEDGER_COLUMNS} FROM ledger WHERE entity_key = $1 ORDER BY seq`, [entityKey]);
    return rows.map(ledgerOf);
  }

  recordEvaluation(e: NewGateEvaluation): GateEvaluation {
    const row = this.db.one<Row<EvaluationRow>>(
      `INSERT INTO evaluations (${EVALUATION_COLUMNS.replace('id, ', '')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING ${EVALUATION_COLUMNS}`,
      [e.entityKey, e.version, e.artifactHash, e.episodeId, Number(e.structural.passed), e.structural.reason,
        Number(e.authority.passed), e.authority.reason, Number(e.fresh.passed), e.fresh.reason, e.decision, e.at],
    );
    return evaluationOf(row!);
  }

  evaluationsOfEpisode(episodeId: string): GateEvaluation[] {
    return this.db.query<Row<EvaluationRow>>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE episode_id = $1 ORDER BY id`, [episodeId]).map(evaluationOf);
  }

  evaluationsOf(entityKey: string): GateEvaluation[] {
    return this.db.query<Row<EvaluationRow>>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE entity_key = $1 ORDER BY id`, [entityKey]).map(evaluationOf);
  }

  recordAuthority(entityKey: string, decision: AuthorityDecision, artifactHash: string, at: number): AuthorityRecord {
    const seq = this.db.value<number>('INSERT INTO authority (entity_key, decision, artifact_hash, at) VALUES ($1, $2, $3, $4) RETURNING seq', [entityKey, decision, artifactHash, at]);
    return { seq: seq!, entityKey, decision, artifactHash, at };
  }

  authoritativeKeys(): string[] {
    return this.db.query<{ entity_key: string }>(AUTHORITATIVE_KEYS_SQL).map((row) => row.entity_key);
  }

  approvedKeys(): string[] {
    return this.db.query<{ entity_key: string }>(APPROVED_KEYS_SQL).map((row) => row.entity_key);
  }

  authority(entityKey: string): AuthorityRecord[] {
    return this.db
      .query<{ seq: number; entity_key: string; decision: AuthorityDecision; artifact_hash: string; at: number }>(
        'SELECT seq, entity_key, decision, artifact_hash, at FROM authority WHERE entity_key = $1 ORDER BY seq',
        [entityKey],
      )
      .map((row) => ({ seq: row.seq, entityKey: row.entity_key, decision: row.decision, artifactHash: row.artifact_hash, at: row.at }));
  }

  /** Held until the transaction ends: state changes of every replica take their turn. */
  private lockStateChanges(): void {
    this.db.query("SELECT pg_advisory_xact_lock(hashtext('cairn memory state changes'))");
  }

  private evaluation(id: number): GateEvaluation | null {
    const row = this.db.one<Row<EvaluationRow>>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE id = $1`, [id]);
    return row === undefined ? null : evaluationOf(row);
  }

  /** Invariant 3: only an evaluation of this very version, all three gates passed, promotes it. */
  private requirePassingEvaluation(version: EntityVersion, evaluationId: number | undefined): void {
    const evaluation = evaluationId === undefined ? null : this.evaluation(evaluationId);
    const passed = evaluation !== null && evaluation.structural.passed && evaluation.authority.passed && evaluation.fresh.passed;
    const same = evaluation !== null && evaluation.entityKey === version.entityKey && evaluation.version === version.version && evaluation.artifactHash === version.artifactHash;
    if (!passed || !same) {
      throw new ConflictError(`${version.entityKey} version ${version.version} cannot become AUTHORITATIVE without an evaluation of it that passed gates A, B and C`);
    }
  }

  /** The compare-and-set: the row changes only if it is still in the state read. */
  private move(version: EntityVersion, to: EntityState, why: { episodeId: string | null; reason: string; at: number }): EntityVersion {
    const changed = this.db.run(
      'UPDATE versions SET state = $1, updated_at = $2 WHERE entity_key = $3 AND version = $4 AND state = $5',
      [to, why.at, version.entityKey, version.version, version.state],
    );
    if (changed !== 1) throw staleState(version.entityKey, version.version, 'changed', version.state);
    this.appendLedger(version.entityKey, version.version, version.state, to, version.artifactHash, why.episodeId, why.reason, why.at);
    return { ...version, state: to, updatedAt: why.at };
  }

  private appendLedger(
    entityKey: string, version: number, from: EntityState | null, to: EntityState, artifactHash: string,
    episodeId: string | null, reason: string, at: number,
  ): void {
    // The ledger's times never go back, even when a clock does: order is what it records.
    this.db.run(
      `INSERT INTO ledger (entity_key, version, from_state, to_state, artifact_hash, episode_id, reason, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, greatest($8::bigint, coalesce((SELECT at FROM ledger ORDER BY seq DESC LIMIT 1), 0)))`,
      [entityKey, version, from, to, artifactHash, episodeId, reason, at],
    );
  }
}

function staleState(entityKey: string, version: number, found: string, expected: string): ConflictError {
  return new ConflictError(`${entityKey} version ${version} is ${found}, not ${expected}`, {
    hint: 'another process changed it meanwhile: read its state again',
  });
}
