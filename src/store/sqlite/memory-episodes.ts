// Episodes, their blocks and cuts: what each hydration showed and left out. An episode is
// written whole in one transaction (with the artifacts its blocks name), so a process
// killed mid-write leaves either all of it or nothing.

import { ConflictError } from '../../core/errors.js';
import type { EpisodeRecord, HydrationRecord, NewEpisode, ShownEntity, StoredBlock, StoredCut } from '../memory.js';
import { BLOCK_COLUMNS, blockOf, EPISODE_COLUMNS, episodeOf, type BlockRow, type CutRow, type EpisodeRow } from '../memory-rows.js';
import type { MemoryVault } from './memory-vault.js';
import type { StatementCache } from './statements.js';

export class MemoryEpisodes {
  constructor(
    private readonly sql: StatementCache,
    private readonly vault: MemoryVault,
  ) {}

  nextSequence(conversationId: string): number {
    return (this.sql.value<number>('SELECT max(sequence) FROM episodes WHERE conversation_id = ?', conversationId) ?? 0) + 1;
  }

  /** Called inside a transaction (the store's recordEpisode). */
  record({ episode, blocks, cut, artifacts }: NewEpisode): void {
    if (this.episode(episode.id) !== null) {
      throw new ConflictError(`episode ${episode.id} is already recorded`, { hint: 'give the new episode another id, or leave --episode out for a fresh one' });
    }
    if (this.nextSequence(episode.conversationId) !== episode.sequence) {
      throw new ConflictError(`conversation ${episode.conversationId} recorded episode ${episode.sequence} meanwhile`, {
        hint: 'another hydration of the same conversation ran at the same time: run this one again',
      });
    }
    this.vault.put(artifacts);
    const e = episode;
    this.sql.run(
      `INSERT INTO episodes (${EPISODE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      e.id, e.conversationId, e.sequence, e.query, e.format, e.maxTokens, e.maxEntities, e.usedTokens, e.tokenizer,
      blocks.length, cut.length, JSON.stringify(e.notes), e.createdAt,
    );
    for (const b of blocks) {
      this.sql.run(
        `INSERT INTO blocks (${BLOCK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        e.id, b.position, b.entityKey, b.artifactHash, b.reason, b.method, b.triggeredBy, b.tokenCount, b.hydratedAt,
        b.status, b.body, b.path, b.language, b.startLine, b.endLine, b.previousHash, b.previousEpisode, b.movedTo,
      );
    }
    for (const c of cut) {
      this.sql.run(
        'INSERT INTO cuts (episode_id, position, entity_key, reason, method, tokens, cut_by, used_tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        e.id, c.position, c.entityKey, c.reason, c.method, c.tokens, c.cutBy, c.usedTokens,
      );
    }
  }

  episode(id: string): EpisodeRecord | null {
    const row = this.sql.one<EpisodeRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE id = ?`, id);
    return row === undefined ? null : episodeOf(row);
  }

  episodes(conversationId: string): EpisodeRecord[] {
    return this.sql
      .all<EpisodeRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE conversation_id = ? ORDER BY sequence`, conversationId)
      .map(episodeOf);
  }

  recentEpisodes(limit: number): EpisodeRecord[] {
    return this.sql.all<EpisodeRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes ORDER BY created_at DESC, id DESC LIMIT ?`, limit).map(episodeOf);
  }

  blocks(episodeId: string): StoredBlock[] {
    return this.sql.all<BlockRow>(`SELECT ${BLOCK_COLUMNS} FROM blocks WHERE episode_id = ? ORDER BY position`, episodeId).map(blockOf);
  }

  cuts(episodeId: string): StoredCut[] {
    return this.sql
      .all<CutRow>('SELECT position, entity_key, reason, method, tokens, cut_by, used_tokens FROM cuts WHERE episode_id = ? ORDER BY position', episodeId)
      .map((row) => ({
        position: row.position,
        entityKey: row.entity_key,
        reason: row.reason as StoredCut['reason'],
        method: row.method as StoredCut['method'],
        tokens: row.tokens,
        cutBy: row.cut_by as StoredCut['cutBy'],
        usedTokens: row.used_tokens,
      }));
  }

  shownEntities(conversationId: string, beforeSequence: number): ShownEntity[] {
    const rows = this.sql.all<{ entity_key: string; episode_id: string; sequence: number; artifact_hash: string | null; status: string; moved_to: string | null }>(
      `SELECT b.entity_key, b.episode_id, e.sequence, b.artifact_hash, b.status, b.moved_to FROM blocks b JOIN episodes e ON e.id = b.episode_id
       WHERE e.conversation_id = ? AND e.sequence < ? ORDER BY e.sequence, b.position`,
      conversationId,
      beforeSequence,
    );
    const shown = new Map<string, ShownEntity>();
    for (const row of rows) {
      const seen = shown.get(row.entity_key);
      const last = { lastEpisode: row.episode_id, lastSequence: row.sequence, lastHash: row.artifact_hash, lastStatus: row.status as ShownEntity['lastStatus'], lastMovedTo: row.moved_to };
      if (seen) Object.assign(seen, last);
      else shown.set(row.entity_key, { entityKey: row.entity_key, firstEpisode: row.episode_id, ...last });
    }
    return [...shown.values()];
  }

  hydrationsOf(entityKey: string): HydrationRecord[] {
    return this.sql
      .all<{ episode_id: string; conversation_id: string; sequence: number; artifact_hash: string | null; reason: string; status: string; token_count: number; hydrated_at: string }>(
        `SELECT b.episode_id, e.conversation_id, e.sequence, b.artifact_hash, b.reason, b.status, b.token_count, b.hydrated_at
         FROM blocks b JOIN episodes e ON e.id = b.episode_id WHERE b.entity_key = ? ORDER BY e.created_at, e.conversation_id, e.sequence`,
        entityKey,
      )
      .map((row) => ({
        episodeId: row.episode_id,
        conversationId: row.conversation_id,
        sequence: row.sequence,
        artifactHash: row.artifact_hash,
        reason: row.reason as HydrationRecord['reason'],
        status: row.status as HydrationRecord['status'],
        tokenCount: row.token_count,
        hydratedAt: row.hydrated_at,
      }));
  }
}
