// What introspection answers, as data (the CLI prints it as text or JSON; the HTTP face's
// /introspect/hydration/:episode_id, /introspect/entity/:entity_key and
// /introspect/gates/:episode_id will serve the same):
//   episodeView — an episode's blocks, cuts, total tokens and budget;
//   entityView  — an entity's current state and artifact, its ETV status now, its state
//                 history (ledger), gate evaluations and hydration history;
//   gatesView   — an episode's gate results and decision per entity, with its state now.

import type { EntityKey } from '../../core/entities.js';
import { NotFoundError } from '../../core/errors.js';
import type { EtvStatus, GateEvaluation, LedgerEntry } from '../../core/memory.js';
import type { AuthorityRecord, EntityVersion, EpisodeRecord, HydrationRecord, StoredBlock, StoredCut } from '../../store/memory.js';
import { checkEtv } from '../etv/check.js';
import type { MemoryPorts } from '../ports.js';

export interface EpisodeView {
  episode: EpisodeRecord;
  blocks: StoredBlock[];
  cut: StoredCut[];
  /** Σ of the blocks' token counts (the render's frame is the rest of usedTokens). */
  blockTokens: number;
  usedTokens: number;
  maxTokens: number;
  maxEntities: number;
}

export function episodeView(ports: Pick<MemoryPorts, 'store'>, episodeId: string): EpisodeView {
  const episode = requireEpisode(ports, episodeId);
  const blocks = ports.store.blocks(episodeId);
  return {
    episode,
    blocks,
    cut: ports.store.cuts(episodeId),
    blockTokens: blocks.reduce((sum, block) => sum + block.tokenCount, 0),
    usedTokens: episode.usedTokens,
    maxTokens: episode.maxTokens,
    maxEntities: episode.maxEntities,
  };
}

export interface EntityView {
  entityKey: EntityKey;
  current: EntityVersion | null;
  /** The current version's artifact text. */
  artifact: { hash: string; text: string | null } | null;
  etv: EtvStatus | null;
  versions: EntityVersion[];
  ledger: LedgerEntry[];
  evaluations: GateEvaluation[];
  authority: AuthorityRecord[];
  hydrations: HydrationRecord[];
}

export function entityView(ports: MemoryPorts, entityKey: EntityKey): EntityView {
  const current = ports.store.currentVersion(entityKey);
  const hydrations = ports.store.hydrationsOf(entityKey);
  if (current === null && hydrations.length === 0) {
    throw new NotFoundError(`${entityKey} was never hydrated`, { hint: 'keys are path::Qualified.name or a path, as `cairn hydrate` prints them' });
  }
  const etv = current === null ? null : checkEtv(ports, [{ entityKey, artifactHash: current.artifactHash }]).statuses[0]!;
  return {
    entityKey,
    current,
    artifact: current === null ? null : { hash: current.artifactHash, text: ports.store.artifact(current.artifactHash) },
    etv,
    versions: ports.store.versions(entityKey),
    ledger: ports.store.ledger(entityKey),
    evaluations: ports.store.evaluationsOf(entityKey),
    authority: ports.store.authority(entityKey),
    hydrations,
  };
}

export interface GatesView {
  episode: EpisodeRecord;
  entities: { evaluation: GateEvaluation; stateNow: EntityVersion['state'] | null }[];
}

export function gatesView(ports: Pick<MemoryPorts, 'store'>, episodeId: string): GatesView {
  const episode = requireEpisode(ports, episodeId);
  const entities = ports.store.evaluationsOfEpisode(episodeId).map((evaluation) => ({
    evaluation,
    stateNow: ports.store.versions(evaluation.entityKey).find((version) => version.version === evaluation.version)?.state ?? null,
  }));
  return { episode, entities };
}

function requireEpisode(ports: Pick<MemoryPorts, 'store'>, episodeId: string): EpisodeRecord {
  const episode = ports.store.episode(episodeId);
  if (episode === null) throw new NotFoundError(`no episode ${episodeId}`, { hint: '`cairn hydrate` prints the episode id of each hydration' });
  return episode;
}
