// Episode memory for the agent faces: a hydration (HTTP `POST /hydrate`, MCP `get_context`
// with a conversation id) and introspection (`GET /introspect/...`). The same services
// `cairn hydrate`, `cairn episode`, `cairn entity` and `cairn gates` call, over the
// workspace's index state and its memory store; one conversation's hydrations run one
// after another, since each numbers its episode from the last.

import { parseEntityKey, type EntityKey } from '../../core/entities.js';
import type { HydrationFormat } from '../../core/memory.js';
import type { IndexView } from '../../app-workspace.js';
import { hydrate, type HydrateResult } from '../../memory/hydrate/hydrate.js';
import { checkId } from '../../memory/ids.js';
import { containedPath } from './contained.js';
import { entityView, episodeView, gatesView, type EntityView, type EpisodeView, type GatesView } from '../../memory/introspect/views.js';

export interface HydrateInput {
  query: string;
  conversationId: string;
  episodeId?: string | undefined;
  maxTokens?: number | undefined;
  maxEntities?: number | undefined;
  format: HydrationFormat;
  /** Send unchanged entities earlier episodes showed again (default: one line each). */
  resendUnchanged?: boolean | undefined;
}

export function hydrateEpisode(view: IndexView, input: HydrateInput): Promise<HydrateResult> {
  const conversationId = checkId('conversation', input.conversationId);
  return view.inTurn(conversationId, () =>
    hydrate(view.memory('create'), {
      query: input.query,
      conversationId,
      format: input.format,
      ...(input.episodeId !== undefined ? { episodeId: input.episodeId } : {}),
      ...(input.maxTokens !== undefined ? { maxTokens: input.maxTokens } : {}),
      ...(input.maxEntities !== undefined ? { maxEntities: input.maxEntities } : {}),
      ...(input.resendUnchanged === true ? { resendUnchanged: true } : {}),
    }),
  );
}

export function episodeOf(view: IndexView, episodeId: string): EpisodeView {
  return episodeView(view.memory('existing'), checkId('episode', episodeId));
}

export function gatesOf(view: IndexView, episodeId: string): GatesView {
  return gatesView(view.memory('existing'), checkId('episode', episodeId));
}

export function entityOf(view: IndexView, key: string): EntityView {
  return entityView(view.memory('existing'), containedKey(key));
}

/** An entity key whose path part is repository-relative (memory only holds keys the index gave it: another is a probe). */
export function containedKey(key: string): EntityKey {
  return containedPath('entity key', key, parseEntityKey(key).path);
}
