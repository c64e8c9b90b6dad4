// External truth verification: is the text an artifact holds still the entity's text on
// disk? Verdicts are cached per (entity, artifact) and served while the file's stamp (size,
// mtime, ctime, inode) is unchanged and the TTL has not passed. Two guards keep the cache
// honest:
//
// - A verdict reached within RACY_MARGIN_MS of the file's last change is never served: a
//   file system whose clock ticks coarsely (1–2 s on some, a few ms on ext4) can take a
//   second write in the same tick without any stamp changing (git's "racily clean" entries).
// - Equal hashes are confirmed by comparing the bytes before an entity is called fresh: a
//   collision (or a forged hash) must not make stale code look fresh.

import { parseEntityKey, type EntityKey } from '../../core/entities.js';
import type { EtvStatus } from '../../core/memory.js';
import { verdictKey, type EtvCacheEntry } from '../../store/memory.js';
import { readEntities, type DiskEntity } from '../disk/entity-text.js';
import type { FileStamp, MemoryPorts } from '../ports.js';
import { hasherOf, sameBytes } from '../vault.js';

/** Coarsest file-system timestamp granularity cairn allows for (FAT: 2 s). */
export const RACY_MARGIN_MS = 2_000;

export interface EtvRequest {
  entityKey: EntityKey;
  artifactHash: string;
}

export interface EtvOutcome {
  statuses: EtvStatus[];
  /** The entities read from disk for the misses (hydration reuses their texts). */
  read: Map<EntityKey, DiskEntity>;
  hits: number;
  misses: number;
}

type Ports = Pick<MemoryPorts, 'store' | 'reader' | 'files' | 'extract' | 'settings' | 'now' | 'hash'>;

/** Whether a cached verdict may be served now, for a file whose stamp is `stamp`. */
export function servable(entry: EtvCacheEntry, stamp: FileStamp | null, now: number, ttlMs: number): boolean {
  if (now - entry.checkedAt >= ttlMs || now < entry.checkedAt) return false;
  if ((stamp?.stamp ?? null) !== entry.fileStamp) return false;
  return entry.fileChangedAt === null || entry.fileChangedAt < entry.checkedAt - RACY_MARGIN_MS;
}

export function checkEtv(ports: Ports, requests: readonly EtvRequest[]): EtvOutcome {
  const now = (ports.now ?? Date.now)();
  const cached = ports.store.cachedVerdicts(requests);
  const stamps = new Map<string, FileStamp | null>();
  const stampOf = (key: EntityKey): FileStamp | null => {
    const { path } = parseEntityKey(key);
    if (!stamps.has(path)) stamps.set(path, ports.files.stat(path));
    return stamps.get(path)!;
  };
  const results = new Map<string, EtvStatus>();
  const misses: EtvRequest[] = [];
  for (const request of requests) {
    const entry = cached.get(verdictKey(request.entityKey, request.artifactHash));
    if (entry && servable(entry, stampOf(request.entityKey), now, ports.settings.etvTtlMs)) {
      results.set(verdictKey(request.entityKey, request.artifactHash), statusOf(entry, true));
    } else misses.push(request);
  }
  const read = misses.length > 0 ? readEntities(ports, [...new Set(misses.map((miss) => miss.entityKey))]) : new Map<EntityKey, DiskEntity>();
  const fresh = verify(ports, misses, read, now);
  for (const entry of fresh) results.set(verdictKey(entry.entityKey, entry.artifactHash), statusOf(entry, false));
  ports.store.putVerdicts(fresh.filter((entry) => read.get(entry.entityKey)?.stable !== false));
  const hits = requests.length - misses.length;
  ports.store.countEtv(hits, misses.length);
  return { statuses: requests.map((request) => results.get(verdictKey(request.entityKey, request.artifactHash))!), read, hits, misses: misses.length };
}

/** Verdicts for the misses: hash, then bytes against the vault's text. */
function verify(ports: Ports, misses: readonly EtvRequest[], read: Map<EntityKey, DiskEntity>, now: number): EtvCacheEntry[] {
  const hash = hasherOf(ports);
  const diskHashes = new Map<EntityKey, string | null>();
  for (const [key, entity] of read) diskHashes.set(key, entity.text === null ? null : hash(entity.text));
  const equalHashes = misses.filter((miss) => diskHashes.get(miss.entityKey) === miss.artifactHash).map((miss) => miss.artifactHash);
  const vaultTexts = ports.store.artifacts(equalHashes);
  return misses.map((miss) => {
    const entity = read.get(miss.entityKey)!;
    const diskHash = diskHashes.get(miss.entityKey) ?? null;
    const vaultText = vaultTexts.get(miss.artifactHash);
    const same = diskHash === miss.artifactHash && entity.text !== null && vaultText !== undefined && sameBytes(vaultText, entity.text);
    return verdictFor(miss, entity, diskHash, !same, now);
  });
}

export function verdictFor(request: EtvRequest, entity: DiskEntity, diskHash: string | null, isStale: boolean, now: number): EtvCacheEntry {
  return {
    entityKey: request.entityKey,
    artifactHash: request.artifactHash,
    fileStamp: entity.stamp?.stamp ?? null,
    fileChangedAt: entity.stamp?.changedAt ?? null,
    diskExists: entity.exists,
    diskHash,
    isStale,
    checkedAt: now,
  };
}

function statusOf(entry: EtvCacheEntry, cacheHit: boolean): EtvStatus {
  return {
    entityKey: entry.entityKey,
    artifactHash: entry.artifactHash,
    isStale: entry.isStale,
    diskExists: entry.diskExists,
    diskHash: entry.diskHash,
    cacheHit,
    lastCheck: entry.checkedAt,
  };
}
