// Episodes, their blocks and cuts in PostgreSQL. An episode is written whole in one
// transaction; a conversation's sequence numbers are unique (UNIQUE (conversation_id,
// sequence)), so of two replicas recording the same next number at once, the second
// one's commit fails and the store reports a ConflictError (memory-store.ts).

import { ConflictError } from '../../core/errors.js';
import type { EpisodeRecord, HydrationRecord, NewEpisode, ShownEntity, StoredBlock, StoredCut } from '../memory.js';
import { BLOCK_COLUMNS, blockOf, EPISODE_COLUMNS, episodeOf, type BlockRow, type CutRow, type EpisodeRow } from '../memory-rows.js';
import type { PgConnection } from './connection.js';
import type { PgMemoryVault } from './memory-vault.js';

type Row<T> = T & Record<string, unknown>;

export class PgMemoryEpisodes {
  constructor(
    private readonly db: PgConnection,
    private readonly vault: PgMemoryVault,
  ) {}

  nextSequence(conversationId: string): number {
    return (this.db.value<number | null>('SELECT max(sequence) FROM episodes WHERE conversation_id = $1', [conversationId]) ?? 0) + 1;
  }

  /** Called inside a transaction (the store's recordEpisode). */
  record({ episode, blocks, cut, artifacts }: NewEpisode): void {
    if (this.episode(episode.id) !== null) {
      throw new ConflictError(`episode ${episode.id} is already recorded`, { hint: 'give the new episode another id, or leave --episode out for a fresh one' });
    }
    if (this.nextSequence(episode.conversationId) !== episode.sequence) throw sequenceTaken(episode.conversationId, episode.sequence);
    this.vault.put(artifacts);
    const e = episode;
    this.db.run(
      `INSERT INTO episodes (${EPISODE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [e.id, e.conversationId, e.sequence, e.query, e.format, e.maxTokens, e.maxEntities, e.usedTokens, e.tokenizer, blocks.length, cut.length, JSON.stringify(e.notes), e.createdAt],
    );
    if (blocks.length > 0) {
      const rows = blocks.map((b) => [
        e.id, b.position, b.entityKey, b.artifactHash, b.reason, b.method, b.triggeredBy, b.tokenCount, b.hydratedAt,
        b.status, b.body, b.path, b.language, b.startLine, b.endLine, b.previousHash, b.previousEpisode, b.movedTo,
      ]);
      this.db.run(
        `INSERT INTO blocks (${BLOCK_COLUMNS}) SELECT r->>0, (r->>1)::int, r->>2, r->>3, r->>4, r->>5, r->>6, (r->>7)::int, r->>8,
           r->>9, r->>10, r->>11, r->>12, (r->>13)::int, (r->>14)::int, r->>15, r->>16, r->>17 FROM json_array_elements($1::json) AS r`,
        [JSON.stringify(rows)],
      );
    }
    if (cut.length > 0) {
      const rows = cut.map((c) => [e.id, c.position, c.entityKey, c.reason, c.method, c.tokens, c.cutBy, c.usedTokens]);
      this.db.run(
        `INSERT INTO cuts (episode_id, position, entity_key, reason, method, tokens, cut_by, used_tokens)
         SELECT r->>0, (r->>1)::int, r->>2, r->>3, r->>4, (r->>5)::int, r->>6, (r->>7)::int FROM json_array_elements($1::json) AS r`,
        [JSON.stringify(rows)],
      );
    }
  }

  episode(id: string): EpisodeRecord | null {
    const row = this.db.one<Row<EpisodeRow>>(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE id = $1`, [id]);
    return row === undefined ? null : episodeOf(row);
  }

  episodes(conversationId: string): EpisodeRecord[] {
    return this.db.query<Row<EpisodeRow>>(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE conversation_id = $1 ORDER BY sequence`, [conversationId]).map(episodeOf);
  }

  recentEpisodes(limit: number): EpisodeRecord[] {
    return this.db.query<Row<EpisodeRow>>(`SELECT ${EPISODE_COLUMNS} FROM episodes ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]).map(episodeOf);
  }

  blocks(episodeId: string): StoredBlock[] {
    return this.db.query<Row<BlockRow>>(`SELECT ${BLOCK_COLUMNS} FROM blocks WHERE episode_id = $1 ORDER BY position`, [episodeId]).map(blockOf);
  }

  cuts(episodeId: string): StoredCut[] {
    return this.db
      .query<Row<CutRow>>('SELECT position, entity_key, reason, method, tokens, cut_by, used_tokens FROM cuts WHERE episode_id = $1 ORDER BY position', [episodeId])
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
    const rows = this.db.query<{ entity_key: string; episode_id: string; sequence: number; artifact_hash: string | null; status: string; moved_to: string | null }>(
      `SELECT b.entity_key, b.episode_id, e.sequence, b.artifact_hash, b.status, b.moved_to FROM blocks b JOIN episodes e ON e.id = b.episode_id
       WHERE e.conversation_id = $1 AND e.sequence < $2 ORDER BY e.sequence, b.position`,
      [conversationId, beforeSequence],
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
    return this.db
      .query<{ episode_id: string; conversation_id: string; sequence: number; artifact_hash: string | null; reason: string; status: string; token_count: number; hydrated_at: string }>(
        `SELECT b.episode_id, e.conversation_id, e.sequence, b.artifact_hash, b.reason, b.status, b.token_count, b.hydrated_at
         FROM blocks b JOIN episodes e ON e.id = b.episode_id WHERE b.entity_key = $1 ORDER BY e.created_at, e.conversation_id, e.sequence`,
        [entityKey],
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

export function sequenceTaken(conversationId: string, sequence: number): ConflictError {
  return new ConflictError(`conversation ${conversationId} recorded episode ${sequence} meanwhile`, {
    hint: 'another hydration of the same conversation ran at the same time: run this one again',
  });
}
