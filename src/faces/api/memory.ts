// Episode memory for the agent faces: a hydration (HTTP `POST /hydrate`, MCP `get_context`
// with a conversation id) and introspection (`GET /introspect/...`). The same services
// `cairn hydrate`, `cairn episode`, `cairn entity` and `cairn gates` call, over the
// workspace's index state and its memory store; one conversation's hydrations run one
// after another, since each numbers its episode from the last.

import { parseEntityKey, type EntityKey } from '../../core/entities.js';
import { InputError } from '../../core/errors.js';
import type { HydrationFormat } from '../../core/memory.js';
import type { IndexView } from '../../app-workspace.js';
import { hydrate, type HydrateResult } from '../../memory/hydrate/hydrate.js';
import { checkId } from '../../memory/ids.js';
import { entityView, episodeView, gatesView, type EntityView, type EpisodeView, type GatesView } from '../../memory/introspect/views.js';

export interface HydrateInput {
  query: string;
  conversationId: string;
  episodeId?: string | undefined;
  maxTokens?: number | undefined;
  maxEntities?: number | undefined;
  format: HydrationFormat;
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

/** Escapes of `/`, `\` and `.`: a key arrives decoded once, so one still here was encoded twice to slip a separator past a check. */
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;

/**
 * An entity key whose path is repository-relative: no absolute path, no `..` segment, no
 * backslash, no control character, no encoded separator. Memory only holds keys the index
 * gave it, so such a key could only be a probe; it is refused before any store or disk is
 * asked.
 */
export function containedKey(key: string): EntityKey {
  const { path } = parseEntityKey(key);
  const refuse = (why: string): never => {
    throw new InputError('INPUT_INVALID', `entity key "${key}" ${why}`, { hint: 'keys are repository-relative: path::Qualified.name or a path, as `cairn hydrate` prints them' });
  };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) refuse('holds a control character');
  if (ENCODED_SEPARATOR.test(key)) refuse('holds an encoded separator');
  if (path.includes('\\')) refuse('holds a backslash');
  if (path.startsWith('/') || /^[A-Za-z]:\//.test(path)) refuse('is an absolute path');
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) refuse('leaves its folder (a "." or ".." segment)');
  return key;
}
