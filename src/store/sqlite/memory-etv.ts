// The ETV cache and the memory counters. A cache: never exported, and a lost row only
// costs a check of the disk again.

import { verdictKey, type EtvCacheEntry, type MemoryCounters } from '../memory.js';
import type { StatementCache } from './statements.js';

interface VerdictRow {
  entity_key: string;
  artifact_hash: string;
  file_stamp: string | null;
  file_changed_at: number | null;
  disk_exists: number;
  disk_hash: string | null;
  is_stale: number;
  checked_at: number;
}

/** Pairs looked up per statement (one JSON parameter each). */
const LOOKUP_CHUNK = 500;

export class MemoryEtvCache {
  constructor(private readonly sql: StatementCache) {}

  get(keys: readonly { entityKey: string; artifactHash: string }[]): Map<string, EtvCacheEntry> {
    const out = new Map<string, EtvCacheEntry>();
    for (let at = 0; at < keys.length; at += LOOKUP_CHUNK) {
      const pairs = keys.slice(at, at + LOOKUP_CHUNK).map((key) => [key.entityKey, key.artifactHash]);
      const rows = this.sql.all<VerdictRow>(
        `SELECT c.entity_key, c.artifact_hash, c.file_stamp, c.file_changed_at, c.disk_exists, c.disk_hash, c.is_stale, c.checked_at
         FROM json_each(?) AS j JOIN etv_cache c ON c.entity_key = j.value ->> 0 AND c.artifact_hash = j.value ->> 1`,
        JSON.stringify(pairs),
      );
      for (const row of rows) out.set(verdictKey(row.entity_key, row.artifact_hash), entryOf(row));
    }
    return out;
  }

  put(entries: readonly EtvCacheEntry[]): void {
    for (const e of entries) {
      this.sql.run(
        `INSERT INTO etv_cache (entity_key, artifact_hash, file_stamp, file_changed_at, disk_exists, disk_hash, is_stale, checked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (entity_key, artifact_hash) DO UPDATE SET file_stamp = excluded.file_stamp, file_changed_at = excluded.file_changed_at,
           disk_exists = excluded.disk_exists, disk_hash = excluded.disk_hash, is_stale = excluded.is_stale, checked_at = excluded.checked_at`,
        e.entityKey, e.artifactHash, e.fileStamp, e.fileChangedAt, Number(e.diskExists), e.diskHash, Number(e.isStale), e.checkedAt,
      );
    }
  }

  count(hits: number, misses: number): void {
    const add = 'INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value';
    if (hits > 0) this.sql.run(add, 'etv_hits', hits);
    if (misses > 0) this.sql.run(add, 'etv_misses', misses);
  }

  counters(): MemoryCounters {
    const rows = this.sql.all<{ name: string; value: number }>('SELECT name, value FROM counters');
    const value = (name: string): number => rows.find((row) => row.name === name)?.value ?? 0;
    return { etvHits: value('etv_hits'), etvMisses: value('etv_misses') };
  }
}

function entryOf(row: VerdictRow): EtvCacheEntry {
  return {
    entityKey: row.entity_key,
    artifactHash: row.artifact_hash,
    fileStamp: row.file_stamp,
    fileChangedAt: row.file_changed_at,
    diskExists: row.disk_exists === 1,
    diskHash: row.disk_hash,
    isStale: row.is_stale === 1,
    checkedAt: row.checked_at,
  };
}
