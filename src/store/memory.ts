// The episode-memory store: what each conversation was shown, the content-addressed vault
// of those texts, the state of every entity version with its ledger, gate evaluations,
// approvals, and the ETV cache. Adapters: ./sqlite (memory.db in the index directory).
//
// The store keeps the invariants that must hold whoever writes: a transition names the
// state it moves from (compare-and-set) and appends its ledger row in the same transaction;
// a version becomes AUTHORITATIVE only on an evaluation of that version whose three gates
// passed; an authoritative entity takes a new artifact only under a new hash; the vault
// never holds two texts under one hash. Each refusal is a ConflictError.

import type { EntityKey } from '../core/entities.js';
import type {
  BlockStatus,
  EntityState,
  GateEvaluation,
  HydrationBlock,
  HydrationCut,
  HydrationFormat,
  LedgerEntry,
} from '../core/memory.js';

export interface EpisodeRecord {
  id: string;
  conversationId: string;
  sequence: number;
  query: string;
  format: HydrationFormat;
  maxTokens: number;
  maxEntities: number;
  usedTokens: number;
  tokenizer: string;
  /** How many blocks and cuts were written with the episode (doctor compares). */
  blockCount: number;
  cutCount: number;
  notes: string[];
  createdAt: number;
}

/** A block as stored: the hydration block without its rendered body, which the vault and diff rebuild. */
export type StoredBlock = Omit<HydrationBlock, 'text'> & { position: number };

export type StoredCut = HydrationCut & { position: number };

export interface NewEpisode {
  episode: EpisodeRecord;
  blocks: StoredBlock[];
  cut: StoredCut[];
  /** Texts the blocks name, by hash (vault puts, deduplicated). */
  artifacts: Map<string, string>;
}

/** An entity a conversation was shown, with the last artifact it saw. */
export interface ShownEntity {
  entityKey: EntityKey;
  firstEpisode: string;
  /** The last episode that showed it, and the artifact it showed then (null: shown as deleted). */
  lastEpisode: string;
  /** The sequence number of lastEpisode in the conversation. */
  lastSequence: number;
  lastHash: string | null;
  lastStatus: BlockStatus;
  /** Where the last episode said it moved to. */
  lastMovedTo: EntityKey | null;
}

/** One hydration of an entity, for `cairn entity`. */
export interface HydrationRecord {
  episodeId: string;
  conversationId: string;
  sequence: number;
  artifactHash: string | null;
  reason: HydrationBlock['reason'];
  status: BlockStatus;
  tokenCount: number;
  hydratedAt: string;
}

export interface EntityVersion {
  entityKey: EntityKey;
  version: number;
  artifactHash: string;
  state: EntityState;
  episodeId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewVersion {
  entityKey: EntityKey;
  artifactHash: string;
  episodeId: string | null;
  reason: string;
  at: number;
}

export interface Transition {
  entityKey: EntityKey;
  version: number;
  from: EntityState;
  to: EntityState;
  episodeId: string | null;
  reason: string;
  at: number;
  /** For `to: AUTHORITATIVE`: the evaluation that allows it. */
  evaluationId?: number;
}

export type NewGateEvaluation = Omit<GateEvaluation, 'id'>;

export type AuthorityDecision = 'approved' | 'rejected';

export interface AuthorityRecord {
  seq: number;
  entityKey: EntityKey;
  decision: AuthorityDecision;
  /** The artifact the decision was taken on. */
  artifactHash: string;
  at: number;
}

/**
 * A cached ETV verdict on one artifact of one entity, valid while its file looks the same
 * (`fileStamp`: size, mtime, ctime, inode) and the TTL has not passed.
 */
export interface EtvCacheEntry {
  entityKey: EntityKey;
  artifactHash: string;
  /** The file's stat as it was when the verdict was reached; null when the file was missing. */
  fileStamp: string | null;
  /** The file's newest timestamp (mtime or ctime), unix ms: a write in the same clock tick as the check would not show. */
  fileChangedAt: number | null;
  diskExists: boolean;
  diskHash: string | null;
  isStale: boolean;
  checkedAt: number;
}

export interface MemoryCounters {
  etvHits: number;
  etvMisses: number;
}

/** A problem `cairn doctor` reports; never repaired by the store. */
export interface IntegrityFinding {
  kind:
    | 'foreign-key'
    | 'episode-rows-missing'
    | 'block-artifact-missing'
    | 'ledger-out-of-order'
    | 'ledger-chain-broken'
    | 'version-state-mismatch'
    | 'artifact-hash-mismatch';
  /** What is damaged: an episode id, an entity key and version, an artifact hash, a table. */
  subject: string;
  detail: string;
}

/** A table's rows as plain JSON values, for export and import. */
export interface MemoryDumpTable {
  table: string;
  rows: Record<string, string | number | null>[];
}

export interface MemoryStore {
  // --- the vault -------------------------------------------------------------------------
  /** Stores texts under their hashes; a hash already held with another text is a ConflictError. */
  putArtifacts(artifacts: Map<string, string>): void;
  artifact(hash: string): string | null;
  /** Texts of the hashes held (absent ones are left out). */
  artifacts(hashes: readonly string[]): Map<string, string>;
  /** Every artifact, ordered by hash (doctor re-hashes them). */
  eachArtifact(visit: (hash: string, text: string) => void): void;

  // --- conversations and episodes ----------------------------------------------------------
  /** The sequence number the next episode of the conversation gets. */
  nextSequence(conversationId: string): number;
  /** Writes an episode with its blocks, cuts and artifacts in one transaction; a known episode id is a ConflictError. */
  recordEpisode(episode: NewEpisode): void;
  episode(id: string): EpisodeRecord | null;
  episodes(conversationId: string): EpisodeRecord[];
  /** The most recently recorded episodes of every conversation, newest first (ties by id), at most `limit`. */
  recentEpisodes(limit: number): EpisodeRecord[];
  blocks(episodeId: string): StoredBlock[];
  cuts(episodeId: string): StoredCut[];
  /** Entities the conversation's episodes before `beforeSequence` showed, in the order first shown. */
  shownEntities(conversationId: string, beforeSequence: number): ShownEntity[];
  hydrationsOf(entityKey: EntityKey): HydrationRecord[];

  // --- entity states and the ledger ----------------------------------------------------------
  /** The newest version of an entity, or null. */
  currentVersion(entityKey: EntityKey): EntityVersion | null;
  versions(entityKey: EntityKey): EntityVersion[];
  /**
   * A new PROPOSED version, the ledger's creation row with it. When the current version is
   * AUTHORITATIVE with the same artifact hash, a ConflictError (invariant 4).
   */
  addVersion(version: NewVersion): EntityVersion;
  /** Moves a version from `from` to `to` and appends the ledger row; refuses a stale `from`, an illegal move, or a promotion without a passing evaluation. */
  transition(transition: Transition): EntityVersion;
  ledger(entityKey?: EntityKey): LedgerEntry[];
  /** Entities whose current version is AUTHORITATIVE, sorted (a ranking signal: what the team vouched for). */
  authoritativeKeys(): EntityKey[];
  /** Entities whose latest authority decision is an approval (`cairn approve`), sorted; docs among them. */
  approvedKeys(): EntityKey[];

  // --- gates and authority ---------------------------------------------------------------------
  recordEvaluation(evaluation: NewGateEvaluation): GateEvaluation;
  evaluationsOfEpisode(episodeId: string): GateEvaluation[];
  evaluationsOf(entityKey: EntityKey): GateEvaluation[];
  recordAuthority(entityKey: EntityKey, decision: AuthorityDecision, artifactHash: string, at: number): AuthorityRecord;
  authority(entityKey: EntityKey): AuthorityRecord[];

  // --- the ETV cache ---------------------------------------------------------------------------
  cachedVerdicts(keys: readonly { entityKey: EntityKey; artifactHash: string }[]): Map<string, EtvCacheEntry>;
  putVerdicts(entries: readonly EtvCacheEntry[]): void;
  countEtv(hits: number, misses: number): void;
  counters(): MemoryCounters;

  // --- integrity and backups --------------------------------------------------------------------
  /** Every integrity problem found in the tracking data (never repaired here). */
  verify(): IntegrityFinding[];
  /** The tracking data (not the ETV cache or counters), every table in key order. */
  dump(): MemoryDumpTable[];
  /** Loads a dump into an empty store, all or nothing; a store holding episodes or entities is a ConflictError. */
  load(tables: readonly MemoryDumpTable[]): void;
  isEmpty(): boolean;

  /** Runs `work` in one transaction: all of its writes land or none. */
  transaction<T>(work: () => T): T;
  close(): void;
}

/** The ETV cache key of an entity's artifact. */
export function verdictKey(entityKey: EntityKey, artifactHash: string): string {
  return `${artifactHash}\u0000${entityKey}`;
}

/**
 * The backup format's tables and columns, in order: the same for every adapter, so a dump
 * from one loads into another. Rows are plain JSON values (JSON arrays and objects as text).
 */
export const DUMP_TABLES = {
  artifacts: ['hash', 'text', 'created_at'],
  episodes: [
    'id', 'conversation_id', 'sequence', 'query', 'format', 'max_tokens', 'max_entities', 'used_tokens', 'tokenizer',
    'block_count', 'cut_count', 'notes', 'created_at',
  ],
  blocks: [
    'episode_id', 'position', 'entity_key', 'artifact_hash', 'reason', 'method', 'triggered_by', 'token_count', 'hydrated_at',
    'status', 'body', 'path', 'language', 'start_line', 'end_line', 'previous_hash', 'previous_episode', 'moved_to',
  ],
  cuts: ['episode_id', 'position', 'entity_key', 'reason', 'method', 'tokens', 'cut_by', 'used_tokens'],
  versions: ['entity_key', 'version', 'artifact_hash', 'state', 'episode_id', 'created_at', 'updated_at'],
  ledger: ['seq', 'entity_key', 'version', 'from_state', 'to_state', 'artifact_hash', 'episode_id', 'reason', 'at'],
  evaluations: [
    'id', 'entity_key', 'version', 'artifact_hash', 'episode_id', 'structural_passed', 'structural_reason',
    'authority_passed', 'authority_reason', 'fresh_passed', 'fresh_reason', 'decision', 'at',
  ],
  authority: ['seq', 'entity_key', 'decision', 'artifact_hash', 'at'],
} as const satisfies Record<string, readonly string[]>;

export type DumpTableName = keyof typeof DUMP_TABLES;
