// Gate B's explicit authority, for every face that offers it (`cairn approve KEY`, `cairn
// reject KEY`, HTTP `POST /memory/approve` and `/memory/reject`, the web page's buttons):
// approving records the approval of the live artifact and evaluates all three gates at once
// (the entity is promoted when they pass); rejecting records it and tombstones the live
// version. Only a live version (PROPOSED or AUTHORITATIVE) can be decided on; a key that
// could name something outside the repository is refused. And what changed in an entity
// since memory last recorded its text (`GET .../introspect/change/{entity_key}`): the text
// shown, the text on disk now (read again, extracted again when changed) and a compact diff
// between them.

import type { GateEvaluation } from '../core/memory.js';
import { NotFoundError } from '../core/errors.js';
import type { EntityVersion } from '../store/memory.js';
import { readEntities } from '../memory/disk/entity-text.js';
import { compactDiff } from '../memory/hydrate/diff.js';
import { approve, reject } from '../memory/states/lifecycle.js';
import type { RepoHandle } from './handle.js';
import { containedKey, shownText } from './memory.js';

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

export interface EntityChange {
  entityKey: string;
  /** The version memory holds now, and its text. */
  version: number;
  state: EntityVersion['state'];
  shown: string | null;
  /** The text on disk now, or null when the file or the definition is gone. */
  now: string | null;
  changed: boolean;
  /** Unified hunks from `shown` to `now` (two lines of context); '' when unchanged or gone. */
  diff: string;
}

export function entityChange(repo: RepoHandle, key: string): EntityChange {
  const ports = repo.memory('existing');
  const entityKey = containedKey(key);
  const current = ports.store.currentVersion(entityKey);
  if (current === null) throw new NotFoundError(`memory holds no version of ${entityKey}`, { hint: 'an entity has versions once a hydration showed it' });
  const stored = ports.store.artifact(current.artifactHash);
  const onDisk = readEntities(ports, [entityKey]).get(entityKey)?.text ?? null;
  // Changed is judged on the texts as they are; what is handed out, both texts and the diff, has its credentials redacted.
  const changed = onDisk !== stored;
  const shown = shownText(repo, entityKey, stored);
  const now = shownText(repo, entityKey, onDisk);
  return { entityKey, version: current.version, state: current.state, shown, now, changed, diff: changed && shown !== null && now !== null ? compactDiff(shown, now) : '' };
}
