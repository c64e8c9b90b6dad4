// Row shapes of the memory tables and their mapping to the port's records: the same for
// every adapter, because the tables are the backup format's (DUMP_TABLES) in each.

import type { EntityState, GateEvaluation, HydrationBlock, LedgerEntry } from '../core/memory.js';
import type { EntityVersion, EpisodeRecord, StoredBlock } from './memory.js';

export interface EpisodeRow {
  id: string;
  conversation_id: string;
  sequence: number;
  query: string;
  format: string;
  max_tokens: number;
  max_entities: number;
  used_tokens: number;
  tokenizer: string;
  block_count: number;
  cut_count: number;
  notes: string;
  created_at: number;
}

export interface BlockRow {
  episode_id: string;
  position: number;
  entity_key: string;
  artifact_hash: string | null;
  reason: string;
  method: string;
  triggered_by: string;
  token_count: number;
  hydrated_at: string;
  status: string;
  body: string;
  path: string;
  language: string;
  start_line: number;
  end_line: number;
  previous_hash: string | null;
  previous_episode: string | null;
  moved_to: string | null;
}

export interface CutRow {
  position: number;
  entity_key: string;
  reason: string;
  method: string;
  tokens: number;
  cut_by: string;
  used_tokens: number;
}

export const EPISODE_COLUMNS =
  'id, conversation_id, sequence, query, format, max_tokens, max_entities, used_tokens, tokenizer, block_count, cut_count, notes, created_at';
export const BLOCK_COLUMNS =
  'episode_id, position, entity_key, artifact_hash, reason, method, triggered_by, token_count, hydrated_at, status, body, path, language, start_line, end_line, previous_hash, previous_episode, moved_to';

export function episodeOf(row: EpisodeRow): EpisodeRecord {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    sequence: row.sequence,
    query: row.query,
    format: row.format as EpisodeRecord['format'],
    maxTokens: row.max_tokens,
    maxEntities: row.max_entities,
    usedTokens: row.used_tokens,
    tokenizer: row.tokenizer,
    blockCount: row.block_count,
    cutCount: row.cut_count,
    notes: JSON.parse(row.notes) as string[],
    createdAt: row.created_at,
  };
}

export function blockOf(row: BlockRow): StoredBlock {
  return {
    position: row.position,
    entityKey: row.entity_key,
    artifactHash: row.artifact_hash,
    reason: row.reason as HydrationBlock['reason'],
    method: row.method as HydrationBlock['method'],
    triggeredBy: row.triggered_by,
    tokenCount: row.token_count,
    hydratedAt: row.hydrated_at,
    status: row.status as HydrationBlock['status'],
    body: row.body as HydrationBlock['body'],
    path: row.path,
    language: row.language as HydrationBlock['language'],
    startLine: row.start_line,
    endLine: row.end_line,
    previousHash: row.previous_hash,
    previousEpisode: row.previous_episode,
    movedTo: row.moved_to,
  };
}

export interface VersionRow {
  entity_key: string;
  version: number;
  artifact_hash: string;
  state: EntityState;
  episode_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface LedgerRow {
  seq: number;
  entity_key: string;
  version: number;
  from_state: EntityState | null;
  to_state: EntityState;
  artifact_hash: string;
  episode_id: string | null;
  reason: string;
  at: number;
}

export interface EvaluationRow {
  id: number;
  entity_key: string;
  version: number;
  artifact_hash: string;
  episode_id: string | null;
  structural_passed: number;
  structural_reason: string;
  authority_passed: number;
  authority_reason: string;
  fresh_passed: number;
  fresh_reason: string;
  decision: string;
  at: number;
}

export const VERSION_COLUMNS = 'entity_key, version, artifact_hash, state, episode_id, created_at, updated_at';
export const EVALUATION_COLUMNS =
  'id, entity_key, version, artifact_hash, episode_id, structural_passed, structural_reason, authority_passed, authority_reason, fresh_passed, fresh_reason, decision, at';

export function versionOf(row: VersionRow): EntityVersion {
  return {
    entityKey: row.entity_key,
    version: row.version,
    artifactHash: row.artifact_hash,
    state: row.state,
    episodeId: row.episode_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function ledgerOf(row: LedgerRow): LedgerEntry {
  return {
    seq: row.seq,
    entityKey: row.entity_key,
    version: row.version,
    from: row.from_state,
    to: row.to_state,
    artifactHash: row.artifact_hash,
    episodeId: row.episode_id,
    reason: row.reason,
    at: row.at,
  };
}

export function evaluationOf(row: EvaluationRow): GateEvaluation {
  return {
    id: row.id,
    entityKey: row.entity_key,
    version: row.version,
    artifactHash: row.artifact_hash,
    episodeId: row.episode_id,
    structural: { passed: row.structural_passed === 1, reason: row.structural_reason },
    authority: { passed: row.authority_passed === 1, reason: row.authority_reason },
    fresh: { passed: row.fresh_passed === 1, reason: row.fresh_reason },
    decision: row.decision as GateEvaluation['decision'],
    at: row.at,
  };
}

/** Entities whose latest version is AUTHORITATIVE, by key (the same text in both dialects). */
export const AUTHORITATIVE_KEYS_SQL =
  "SELECT v.entity_key FROM versions v WHERE v.state = 'AUTHORITATIVE' AND v.version = (SELECT max(w.version) FROM versions w WHERE w.entity_key = v.entity_key) ORDER BY v.entity_key";

/** Entities whose latest authority decision is an approval, by key. */
export const APPROVED_KEYS_SQL =
  "SELECT a.entity_key FROM authority a WHERE a.decision = 'approved' AND a.seq = (SELECT max(b.seq) FROM authority b WHERE b.entity_key = a.entity_key) ORDER BY a.entity_key";
