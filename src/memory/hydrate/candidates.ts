// The first two tiers of a hydration, in priority order: what the query names, then what
// earlier episodes of the conversation showed (invariant 1: once hydrated, an entity is
// offered again in every later episode, named or not). The third tier, the pipeline's
// ranking, is added by pipeline-tier.ts only while the budget has room.

import type { EntityKey } from '../../core/entities.js';
import type { HydrationMethod, HydrationReason } from '../../core/memory.js';
import type { ShownEntity } from '../../store/memory.js';
import type { NamedEntity } from './named-entities.js';

export interface Candidate {
  entityKey: EntityKey;
  reason: HydrationReason;
  method: HydrationMethod;
  triggeredBy: string;
  /** What the conversation was shown of it before, if anything. */
  shown: ShownEntity | null;
}

/**
 * What earlier episodes showed, as the entities to offer again: a moved entity is followed
 * to where it went; one already reported deleted is offered only if it is back.
 */
export function trackedEntities(shown: readonly ShownEntity[]): ShownEntity[] {
  const out = new Map<EntityKey, ShownEntity>();
  for (const entity of shown) {
    const moved = entity.lastStatus === 'moved' && entity.lastMovedTo !== null;
    const key = moved ? entity.lastMovedTo! : entity.entityKey;
    // A moved block showed the new key's text: for the new key, that is what was seen.
    const followed: ShownEntity = { ...entity, entityKey: key, lastMovedTo: null, lastStatus: moved ? 'unchanged' : entity.lastStatus };
    const earlier = out.get(key);
    if (earlier === undefined) out.set(key, followed);
    else if (followed.lastSequence > earlier.lastSequence) out.set(key, { ...followed, firstEpisode: earlier.firstEpisode });
  }
  return [...out.values()];
}

export function firstTiers(named: readonly NamedEntity[], tracked: readonly ShownEntity[]): Candidate[] {
  const shownByKey = new Map(tracked.map((entity) => [entity.entityKey, entity]));
  const candidates: Candidate[] = named.map((entity) => ({
    entityKey: entity.entityKey,
    reason: entity.reason,
    method: entity.method,
    triggeredBy: `named in the query as \`${entity.mention}\``,
    shown: shownByKey.get(entity.entityKey) ?? null,
  }));
  const taken = new Set(candidates.map((candidate) => candidate.entityKey));
  for (const entity of tracked) {
    if (taken.has(entity.entityKey)) continue;
    candidates.push({
      entityKey: entity.entityKey,
      reason: 'previously_hydrated',
      method: 'tracking',
      triggeredBy: `hydrated in episode ${entity.firstEpisode}`,
      shown: entity,
    });
  }
  return candidates;
}
