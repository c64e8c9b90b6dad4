// Episode memory's conversations, newest first (HTTP `GET /repos/{repo}/conversations`):
// each with its recent episodes in order, for the web page's timeline. A repository with no
// episode memory yet has no conversations (an empty list, not an error).

import type { RepoHandle } from './handle.js';
import { NotFoundError } from '../core/errors.js';
import type { EpisodeRecord } from '../store/memory.js';

export interface ConversationSummary {
  conversationId: string;
  /** Unix ms of its newest episode listed. */
  lastAt: number;
  /** Oldest first. */
  episodes: { id: string; sequence: number; query: string; createdAt: number; usedTokens: number; maxTokens: number; blockCount: number; cutCount: number }[];
}

/** Longest query text an answer carries. */
const QUERY_PREVIEW_CHARS = 300;

export function recentConversations(repo: RepoHandle, limit: number): ConversationSummary[] {
  let episodes: EpisodeRecord[];
  try {
    episodes = repo.memory('existing').store.recentEpisodes(limit);
  } catch (error) {
    if (error instanceof NotFoundError) return [];
    throw error;
  }
  const byConversation = new Map<string, ConversationSummary>();
  for (const episode of episodes) {
    const entry = byConversation.get(episode.conversationId) ?? { conversationId: episode.conversationId, lastAt: episode.createdAt, episodes: [] };
    byConversation.set(episode.conversationId, entry);
    entry.episodes.unshift({
      id: episode.id,
      sequence: episode.sequence,
      query: episode.query.slice(0, QUERY_PREVIEW_CHARS),
      createdAt: episode.createdAt,
      usedTokens: episode.usedTokens,
      maxTokens: episode.maxTokens,
      blockCount: episode.blockCount,
      cutCount: episode.cutCount,
    });
  }
  return [...byConversation.values()];
}
