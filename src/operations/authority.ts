// Gate B's explicit authority, for every face that offers it (`cairn approve KEY`, `cairn
// reject KEY`): approving records the approval of the live artifact and evaluates all three
// gates at once (the entity is promoted when they pass); rejecting records it and
// tombstones the live version. Only a live version (PROPOSED or AUTHORITATIVE) can be
// decided on; a key that could name something outside the repository is refused.

import type { GateEvaluation } from '../core/memory.js';
import type { EntityVersion } from '../store/memory.js';
import { approve, reject } from '../memory/states/lifecycle.js';
import type { RepoHandle } from './handle.js';
import { containedKey } from './memory.js';

export interface Approval {
  evaluation: GateEvaluation;
  /** The entity's state after the evaluation (null: memory holds no version of it). */
  state: EntityVersion['state'] | null;
}

export function approveEntity(repo: RepoHandle, key: string): Approval {
  const ports = repo.memory('existing');
  const entityKey = containedKey(key);
  const evaluation = approve(ports, entityKey);
  return { evaluation, state: ports.store.currentVersion(entityKey)?.state ?? null };
}

export function rejectEntity(repo: RepoHandle, key: string): EntityVersion {
  return reject(repo.memory('existing'), containedKey(key));
}
