// Episode memory for every face: a hydration (`cairn hydrate`, HTTP `POST /hydrate`, MCP
// `get_context` with a conversation id) and introspection (`cairn episode` / `entity` /
// `gates`, HTTP `GET /introspect/...`), over the handle's index state and its memory store
// (an episode and its gates are read from the store alone: no index needed); one conversation's hydrations run one
// after another, since each numbers its episode from the last.

import { parseEntityKey, type EntityKey } from '../core/entities.js';
import { redactShown } from '../core/redact.js';
import type { HydrationFormat } from '../core/memory.js';
import type { RepoHandle } from './handle.js';
import { hydrate, type HydrateResult } from '../memory/hydrate/hydrate.js';
import { checkId } from '../memory/ids.js';
import { containedPath } from './contained.js';
import { entityView, episodeView, gatesView, type EntityView, type EpisodeView, type GatesView } from '../memory/introspect/views.js';

export type { EntityView, EpisodeView, GatesView };
export type { MemoryLog } from '../memory/ports.js';

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

export async function hydrateEpisode(repo: RepoHandle, input: HydrateInput): Promise<HydrateResult> {
  const conversationId = checkId('conversation', input.conversationId);
  // Block texts come redacted from drafting (memory/hydrate/drafts.ts): render and data alike.
  return repo.inTurn(conversationId, () =>
    hydrate(repo.memory('create'), {
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

/** An entity's text as a face may hand it out: what looks like a credential as "[redacted]", every line kept at its number (core/redact.ts). */
export function shownText(repo: RepoHandle, key: EntityKey, text: string): string;
export function shownText(repo: RepoHandle, key: EntityKey, text: string | null): string | null;
export function shownText(repo: RepoHandle, key: EntityKey, text: string | null): string | null {
  return text === null ? null : redactShown(text, repo.reader().file(parseEntityKey(key).path)?.language).text;
}

export function episodeOf(repo: RepoHandle, episodeId: string): EpisodeView {
  return episodeView({ store: repo.memoryStore('existing') }, checkId('episode', episodeId));
}

export function gatesOf(repo: RepoHandle, episodeId: string): GatesView {
  return gatesView({ store: repo.memoryStore('existing') }, checkId('episode', episodeId));
}

export function entityOf(repo: RepoHandle, key: string): EntityView {
  const entity = entityView(repo.memory('existing'), containedKey(key));
  const artifact = entity.artifact;
  return artifact?.text == null ? entity : { ...entity, artifact: { ...artifact, text: shownText(repo, entity.entityKey, artifact.text) } };
}

/** An entity key whose path part is repository-relative (memory only holds keys the index gave it: another is a probe). */
export function containedKey(key: string): EntityKey {
  return containedPath('entity key', key, parseEntityKey(key).path);
}
