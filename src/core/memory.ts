// Episode memory's vocabulary: what a conversation was shown (hydration blocks), whether
// it is still true on disk (ETV), and how far cairn trusts it (entity states, gates, the
// ledger). Pure data; the services live in src/memory, the storage port in src/store/memory.ts.

import type { EntityKey, Language } from './entities.js';

/**
 * The life of one version (one artifact) of an entity: proposed when first hydrated,
 * authoritative once gates A, B and C pass, superseded by a newer artifact, tombstoned when
 * deleted from disk or rejected.
 */
export type EntityState = 'PROPOSED' | 'AUTHORITATIVE' | 'SUPERSEDED' | 'TOMBSTONED';

/**
 * Why a block is in a hydration, in priority order: the query names it (a definition or
 * file resolved through the AST index, only through the regex extractor, or a file with no
 * definitions named by its path), an earlier episode of the conversation showed it, or the
 * retrieval pipeline ranked it for the query.
 */
export type HydrationReason = 'ast_resolved' | 'regex_resolved' | 'path_resolved' | 'previously_hydrated' | 'pipeline_ranked';

/** How the entity was found: the AST index, the regex extractor, a plain path (a text file), this conversation's tracking, or the retrieval pipeline. */
export type HydrationMethod = 'ast' | 'regex' | 'text' | 'tracking' | 'retrieval';

/**
 * What a block says about an entity the conversation saw before: nothing (new to it),
 * unchanged, changed on disk since (text or diff), deleted, moved to another key, or
 * rejected since (`cairn reject`: its text unchanged, its version TOMBSTONED — never
 * presented as good).
 */
export type BlockStatus = 'new' | 'unchanged' | 'changed' | 'deleted' | 'moved' | 'rejected';

/**
 * What a block's body holds. An unchanged (or rejected) entity an earlier episode showed has
 * no body unless the hydration was asked to send it again: the block is one line.
 */
export type BlockBody = 'text' | 'diff' | 'none';

export interface HydrationBlock {
  entityKey: EntityKey;
  /** SHA-256 of the entity's text as shown (its vault artifact); null when deleted. */
  artifactHash: string | null;
  reason: HydrationReason;
  method: HydrationMethod;
  /** One line: what brought it in ("named in the query as `Cart.total`", "hydrated in episode e1"). */
  triggeredBy: string;
  /** Tokens of the block as rendered, counted with the pipeline's counter. */
  tokenCount: number;
  /** ISO 8601. */
  hydratedAt: string;
  status: BlockStatus;
  body: BlockBody;
  /** The text shown: the entity's text, a unified diff against what was seen, or empty. */
  text: string;
  path: string;
  language: Language;
  startLine: number;
  endLine: number;
  /** What the conversation saw last, when it saw this entity before. */
  previousHash: string | null;
  /** The episode that showed `previousHash`. */
  previousEpisode: string | null;
  /** Where a moved entity is now. */
  movedTo: EntityKey | null;
}

/** Why a block was left out. */
export type CutBy = 'tokens' | 'entities';

export interface HydrationCut {
  entityKey: EntityKey;
  reason: HydrationReason;
  method: HydrationMethod;
  /** Tokens the block would have taken. */
  tokens: number;
  cutBy: CutBy;
  /** Tokens used by the blocks kept when this one was cut. */
  usedTokens: number;
}

export interface HydrationBudget {
  maxTokens: number;
  maxEntities: number;
  /** Tokens of the whole render (header, blocks, footer). */
  usedTokens: number;
  usedEntities: number;
  tokenizer: string;
}

export type HydrationFormat = 'markdown' | 'json';

export const HYDRATION_FORMATS: readonly HydrationFormat[] = ['markdown', 'json'];

export interface Hydration {
  conversationId: string;
  episodeId: string;
  /** 1 for a conversation's first episode. */
  sequence: number;
  query: string;
  format: HydrationFormat;
  /** In priority order. */
  blocks: HydrationBlock[];
  cut: HydrationCut[];
  budget: HydrationBudget;
  notes: string[];
  /** ISO 8601. */
  createdAt: string;
}

/** External truth verification: an entity's text on disk now against one of its artifacts. */
export interface EtvStatus {
  entityKey: EntityKey;
  artifactHash: string;
  isStale: boolean;
  diskExists: boolean;
  /** SHA-256 of the entity's text on disk now; null when it is gone. */
  diskHash: string | null;
  cacheHit: boolean;
  /** Unix ms of the check that produced this answer (earlier than now on a cache hit). */
  lastCheck: number;
}

export type GateName = 'A' | 'B' | 'C';

export interface GateResult {
  passed: boolean;
  /** One line: why it passed or failed. */
  reason: string;
}

/** What a gate evaluation led to. */
export type GateDecision = 'promoted' | 'held' | 'already-authoritative' | 'not-eligible';

export interface GateEvaluation {
  id: number;
  entityKey: EntityKey;
  version: number;
  artifactHash: string;
  /** The episode it was evaluated for; null for an evaluation asked by `approve`. */
  episodeId: string | null;
  structural: GateResult;
  authority: GateResult;
  fresh: GateResult;
  decision: GateDecision;
  at: number;
}

/** One transition of one version of an entity. */
export interface LedgerEntry {
  seq: number;
  entityKey: EntityKey;
  version: number;
  /** null for the version's creation. */
  from: EntityState | null;
  to: EntityState;
  artifactHash: string;
  episodeId: string | null;
  reason: string;
  at: number;
}

/**
 * The moves a version may make. SUPERSEDED and TOMBSTONED are final: a text that comes back
 * is a new version, with its own ledger.
 */
export const LEGAL_TRANSITIONS: Readonly<Record<EntityState, readonly EntityState[]>> = {
  PROPOSED: ['AUTHORITATIVE', 'SUPERSEDED', 'TOMBSTONED'],
  AUTHORITATIVE: ['SUPERSEDED', 'TOMBSTONED'],
  SUPERSEDED: [],
  TOMBSTONED: [],
};

export function isLegalTransition(from: EntityState, to: EntityState): boolean {
  return LEGAL_TRANSITIONS[from].includes(to);
}

/** A version still in play: its artifact may be promoted, superseded or tombstoned. */
export function isLive(state: EntityState): boolean {
  return state === 'PROPOSED' || state === 'AUTHORITATIVE';
}
