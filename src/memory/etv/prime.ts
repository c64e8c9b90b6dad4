// Verdicts a hydration already knows: it has just read these texts from disk and stored
// them as artifacts, so each artifact is, byte for byte, the entity's text under the stamp
// it was read with. Recorded so the gate evaluation that follows needs no second read;
// texts read while their file changed are left out (the next check reads again).

import type { EtvCacheEntry } from '../../store/memory.js';
import type { DiskEntity } from '../disk/entity-text.js';
import type { MemoryPorts } from '../ports.js';
import { verdictFor } from './check.js';

export function primeVerdicts(ports: Pick<MemoryPorts, 'store' | 'now'>, read: readonly { entity: DiskEntity; hash: string }[]): void {
  const now = (ports.now ?? Date.now)();
  const entries: EtvCacheEntry[] = read
    .filter(({ entity }) => entity.exists && entity.stable)
    .map(({ entity, hash }) => verdictFor({ entityKey: entity.entityKey, artifactHash: hash }, entity, hash, false, now));
  ports.store.putVerdicts(entries);
}
