// Entity states through a conversation: each artifact hydrated becomes a PROPOSED version
// (superseding the one before), a version whose three gates pass is promoted to
// AUTHORITATIVE, one gone from disk or rejected is TOMBSTONED. Every step goes through the
// store, which appends the ledger row with it and refuses what breaks an invariant.

import type { EntityKey } from '../../core/entities.js';
import { NotFoundError } from '../../core/errors.js';
import { isLive, type GateDecision, type GateEvaluation, type HydrationBlock } from '../../core/memory.js';
import type { EntityVersion } from '../../store/memory.js';
import { checkEtv } from '../etv/check.js';
import type { MemoryPorts } from '../ports.js';
import { authorityGate, freshnessGate, structuralGate } from './gates.js';

type Ports = Pick<MemoryPorts, 'store' | 'reader' | 'files' | 'extract' | 'settings' | 'log' | 'now' | 'hash'>;

function clock(ports: Ports): number {
  return (ports.now ?? Date.now)();
}

/** The versions a hydration's blocks imply: new artifacts proposed, deleted and moved entities tombstoned. */
export function applyBlocks(ports: Ports, episodeId: string, blocks: readonly HydrationBlock[]): EntityKey[] {
  const touched: EntityKey[] = [];
  for (const block of blocks) {
    if (block.status === 'deleted' || block.status === 'moved') {
      const why = block.status === 'deleted' ? 'deleted from disk' : `moved to ${block.movedTo}`;
      tombstone(ports, block.entityKey, episodeId, `${why} (episode ${episodeId})`);
    }
    const key = block.status === 'moved' ? block.movedTo! : block.entityKey;
    if (block.artifactHash === null) continue;
    propose(ports, key, block.artifactHash, episodeId, `hydrated in episode ${episodeId} (${block.reason})`);
    touched.push(key);
  }
  return [...new Set(touched)];
}

/** A new PROPOSED version unless the current one already holds this artifact (or was rejected holding it). */
function propose(ports: Ports, key: EntityKey, hash: string, episodeId: string, reason: string): void {
  const current = ports.store.currentVersion(key);
  if (current !== null && current.artifactHash === hash) {
    if (isLive(current.state)) return;
    if (ports.store.authority(key).at(-1)?.decision === 'rejected') return;
  }
  ports.store.addVersion({ entityKey: key, artifactHash: hash, episodeId, reason, at: clock(ports) });
}

function tombstone(ports: Ports, key: EntityKey, episodeId: string | null, reason: string): void {
  const current = ports.store.currentVersion(key);
  if (current === null || !isLive(current.state)) return;
  ports.store.transition({ entityKey: key, version: current.version, from: current.state, to: 'TOMBSTONED', episodeId, reason, at: clock(ports) });
}

/**
 * Evaluates gates A, B and C for the live version of each entity and promotes the PROPOSED
 * ones that pass all three; every evaluation is stored with its reasons and decision.
 */
export function evaluateGates(ports: Ports, keys: readonly EntityKey[], episodeId: string | null): GateEvaluation[] {
  const versions = keys.map((key) => ports.store.currentVersion(key)).filter((v): v is EntityVersion => v !== null && isLive(v.state));
  const etv = checkEtv(ports, versions.map((v) => ({ entityKey: v.entityKey, artifactHash: v.artifactHash })));
  return versions.map((version, at) => {
    const structural = structuralGate(ports.reader, version.entityKey);
    const authority = authorityGate(version, ports.store.authority(version.entityKey), ports.settings.implicitAuthority);
    const fresh = freshnessGate(etv.statuses[at]!);
    const passed = structural.passed && authority.passed && fresh.passed;
    const decision: GateDecision = version.state === 'AUTHORITATIVE' ? 'already-authoritative' : passed ? 'promoted' : 'held';
    const evaluation = ports.store.transaction(() => {
      const recorded = ports.store.recordEvaluation({ entityKey: version.entityKey, version: version.version, artifactHash: version.artifactHash, episodeId, structural, authority, fresh, decision, at: clock(ports) });
      if (decision === 'promoted') {
        const reason = `gates A, B and C passed${episodeId === null ? '' : ` in episode ${episodeId}`}`;
        ports.store.transition({ entityKey: version.entityKey, version: version.version, from: 'PROPOSED', to: 'AUTHORITATIVE', episodeId, reason, at: clock(ports), evaluationId: recorded.id });
      }
      return recorded;
    });
    logEvaluation(ports, evaluation);
    return evaluation;
  });
}

function mark(passed: boolean): string {
  return passed ? 'pass' : 'fail';
}

function logEvaluation(ports: Ports, e: GateEvaluation): void {
  ports.log.info(`gates ${e.entityKey}: A ${mark(e.structural.passed)} · B ${mark(e.authority.passed)} · C ${mark(e.fresh.passed)} → ${e.decision}`);
  ports.log.debug(`gates ${e.entityKey} v${e.version}: A ${e.structural.reason}; B ${e.authority.reason}; C ${e.fresh.reason}`);
}

function liveVersion(ports: Ports, key: EntityKey): EntityVersion {
  const current = ports.store.currentVersion(key);
  if (current === null) throw new NotFoundError(`${key} was never hydrated`, { hint: 'hydrate it first (`cairn hydrate` with a query naming it)' });
  if (!isLive(current.state)) {
    throw new NotFoundError(`${key} is ${current.state}: there is no live version to decide on`, { hint: 'hydrate it again once it is back on disk' });
  }
  return current;
}

/** `cairn approve KEY`: records the approval of the live artifact, then evaluates the gates (and promotes when all pass). */
export function approve(ports: Ports, key: EntityKey): GateEvaluation {
  const version = liveVersion(ports, key);
  ports.store.recordAuthority(key, 'approved', version.artifactHash, clock(ports));
  return evaluateGates(ports, [key], null)[0]!;
}

/** `cairn reject KEY`: records the rejection and tombstones the live version. */
export function reject(ports: Ports, key: EntityKey): EntityVersion {
  const version = liveVersion(ports, key);
  return ports.store.transaction(() => {
    ports.store.recordAuthority(key, 'rejected', version.artifactHash, clock(ports));
    const reason = 'rejected (`cairn reject`)';
    const moved = ports.store.transition({ entityKey: key, version: version.version, from: version.state, to: 'TOMBSTONED', episodeId: null, reason, at: clock(ports) });
    ports.log.info(`reject ${key}: version ${version.version} ${version.state} → TOMBSTONED`);
    return moved;
  });
}
