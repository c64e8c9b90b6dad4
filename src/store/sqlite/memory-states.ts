// Entity versions and their ledger, gate evaluations and approvals. Every state change is
// a compare-and-set on the state the caller read, with its ledger row, in one transaction;
// the rules that must hold whoever writes (store/memory.ts) are enforced here.

import { ConflictError, NotFoundError } from '../../core/errors.js';
import { isLegalTransition, isLive, type EntityState, type GateEvaluation, type LedgerEntry } from '../../core/memory.js';
import type { AuthorityDecision, AuthorityRecord, EntityVersion, NewGateEvaluation, NewVersion, Transition } from '../memory.js';
import { APPROVED_KEYS_SQL, AUTHORITATIVE_KEYS_SQL, EVALUATION_COLUMNS, evaluationOf, ledgerOf, VERSION_COLUMNS, versionOf, type EvaluationRow, type LedgerRow, type VersionRow } from '../memory-rows.js';
import type { StatementCache } from './statements.js';

export class MemoryStates {
  constructor(private readonly sql: StatementCache) {}

  current(entityKey: string): EntityVersion | null {
    const row = this.sql.one<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM versions WHERE entity_key = ? ORDER BY version DESC LIMIT 1`, entityKey);
    return row === undefined ? null : versionOf(row);
  }

  versions(entityKey: string): EntityVersion[] {
    return this.sql.all<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM versions WHERE entity_key = ? ORDER BY version`, entityKey).map(versionOf);
  }

  /** Called inside a transaction: supersedes the live version (if any), then adds the new one. */
  addVersion(next: NewVersion): EntityVersion {
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
    this.sql.run(
      `INSERT INTO versions (${VERSION_COLUMNS}) VALUES (?, ?, ?, 'PROPOSED', ?, ?, ?)`,
      next.entityKey, version, next.artifactHash, next.episodeId, next.at, next.at,
    );
    this.appendLedger(next.entityKey, version, null, 'PROPOSED', next.artifactHash, next.episodeId, next.reason, next.at);
    return this.version(next.entityKey, version)!;
  }

  /** Called inside a transaction. */
  transition(move: Transition): EntityVersion {
    const version = this.version(move.entityKey, move.version);
    if (version === null) throw new NotFoundError(`${move.entityKey} has no version ${move.version}`);
    if (version.state !== move.from) {
      throw new ConflictError(`${move.entityKey} version ${move.version} is ${version.state}, not ${move.from}`, {
        hint: 'another process changed it meanwhile: read its state again',
      });
    }
    if (!isLegalTransition(move.from, move.to)) {
      throw new ConflictError(`${move.entityKey} version ${move.version} cannot go from ${move.from} to ${move.to}`);
    }
    if (move.to === 'AUTHORITATIVE') this.requirePassingEvaluation(version, move.evaluationId);
    return this.move(version, move.to, move);
  }

  ledger(entityKey?: string): LedgerEntry[] {
    const columns = 'seq, entity_key, version, from_state, to_state, artifact_hash, episode_id, reason, at';
    const rows = entityKey === undefined
      ? this.sql.all<LedgerRow>(`SELECT ${columns} FROM ledger ORDER BY seq`)
      : this.sql.all<LedgerRow>(`SELECT ${columns} FROM ledger WHERE entity_key = ? ORDER BY seq`, entityKey);
    return rows.map(ledgerOf);
  }

  recordEvaluation(e: NewGateEvaluation): GateEvaluation {
    const result = this.sql.run(
      `INSERT INTO evaluations (${EVALUATION_COLUMNS.replace('id, ', '')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      e.entityKey, e.version, e.artifactHash, e.episodeId, Number(e.structural.passed), e.structural.reason,
      Number(e.authority.passed), e.authority.reason, Number(e.fresh.passed), e.fresh.reason, e.decision, e.at,
    );
    return this.evaluation(Number(result.lastInsertRowid))!;
  }

  evaluationsOfEpisode(episodeId: string): GateEvaluation[] {
    return this.sql.all<EvaluationRow>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE episode_id = ? ORDER BY id`, episodeId).map(evaluationOf);
  }

  evaluationsOf(entityKey: string): GateEvaluation[] {
    return this.sql.all<EvaluationRow>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE entity_key = ? ORDER BY id`, entityKey).map(evaluationOf);
  }

  recordAuthority(entityKey: string, decision: AuthorityDecision, artifactHash: string, at: number): AuthorityRecord {
    const result = this.sql.run('INSERT INTO authority (entity_key, decision, artifact_hash, at) VALUES (?, ?, ?, ?)', entityKey, decision, artifactHash, at);
    return { seq: Number(result.lastInsertRowid), entityKey, decision, artifactHash, at };
  }

  authoritativeKeys(): string[] {
    return this.sql.column<string>(AUTHORITATIVE_KEYS_SQL);
  }

  approvedKeys(): string[] {
    return this.sql.column<string>(APPROVED_KEYS_SQL);
  }

  authority(entityKey: string): AuthorityRecord[] {
    return this.sql
      .all<{ seq: number; entity_key: string; decision: AuthorityDecision; artifact_hash: string; at: number }>(
        'SELECT seq, entity_key, decision, artifact_hash, at FROM authority WHERE entity_key = ? ORDER BY seq',
        entityKey,
      )
      .map((row) => ({ seq: row.seq, entityKey: row.entity_key, decision: row.decision, artifactHash: row.artifact_hash, at: row.at }));
  }

  private version(entityKey: string, version: number): EntityVersion | null {
    const row = this.sql.one<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM versions WHERE entity_key = ? AND version = ?`, entityKey, version);
    return row === undefined ? null : versionOf(row);
  }

  private evaluation(id: number): GateEvaluation | null {
    const row = this.sql.one<EvaluationRow>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE id = ?`, id);
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

  private move(version: EntityVersion, to: EntityState, why: { episodeId: string | null; reason: string; at: number }): EntityVersion {
    this.sql.run('UPDATE versions SET state = ?, updated_at = ? WHERE entity_key = ? AND version = ?', to, why.at, version.entityKey, version.version);
    this.appendLedger(version.entityKey, version.version, version.state, to, version.artifactHash, why.episodeId, why.reason, why.at);
    return { ...version, state: to, updatedAt: why.at };
  }

  private appendLedger(
    entityKey: string, version: number, from: EntityState | null, to: EntityState, artifactHash: string,
    episodeId: string | null, reason: string, at: number,
  ): void {
    // The ledger's times never go back, even when the clock does: order is what it records.
    this.sql.run(
      `INSERT INTO ledger (entity_key, version, from_state, to_state, artifact_hash, episode_id, reason, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, max(?, coalesce((SELECT at FROM ledger ORDER BY seq DESC LIMIT 1), 0)))`,
      entityKey, version, from, to, artifactHash, episodeId, reason, at,
    );
  }
}
