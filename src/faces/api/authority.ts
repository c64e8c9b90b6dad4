// Gate B's explicit authority for the agent faces (HTTP `POST /memory/approve`, `POST
// /memory/reject`, the web page's buttons), as `cairn approve KEY` / `cairn reject KEY`:
// only a live version (PROPOSED or AUTHORITATIVE) can be decided on. And what changed in an
// entity since memory last recorded its text (`GET .../introspect/change/{entity_key}`):
// the text shown, the text on disk now (read again, extracted again when changed) and a
// compact diff between them.

import type { IndexView } from '../../app-workspace.js';
import type { GateEvaluation } from '../../core/memory.js';
import type { EntityVersion } from '../../store/memory.js';
import { readEntities } from '../../memory/disk/entity-text.js';
import { compactDiff } from '../../memory/hydrate/diff.js';
import { approve, reject } from '../../memory/states/lifecycle.js';
import { NotFoundError } from '../../core/errors.js';
import { containedKey } from './memory.js';

export function approveEntity(view: IndexView, key: string): { evaluation: GateEvaluation; state: EntityVersion['state'] | null } {
  const ports = view.memory('existing');
  const entityKey = containedKey(key);
  const evaluation = approve(ports, entityKey);
  return { evaluation, state: ports.store.currentVersion(entityKey)?.state ?? null };
}

export function rejectEntity(view: IndexView, key: string): EntityVersion {
  return reject(view.memory('existing'), containedKey(key));
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

export function entityChange(view: IndexView, key: string): EntityChange {
  const ports = view.memory('existing');
  const entityKey = containedKey(key);
  const current = ports.store.currentVersion(entityKey);
  if (current === null) throw new NotFoundError(`memory holds no version of ${entityKey}`, { hint: 'an entity has versions once a hydration showed it' });
  const shown = ports.store.artifact(current.artifactHash);
  const now = readEntities(ports, [entityKey]).get(entityKey)?.text ?? null;
  const changed = now !== shown;
  return { entityKey, version: current.version, state: current.state, shown, now, changed, diff: changed && shown !== null && now !== null ? compactDiff(shown, now) : '' };
}
