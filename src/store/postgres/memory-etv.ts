// The ETV cache and the memory counters in PostgreSQL. A batch is one statement (the keys
// or entries as one JSON parameter); counters add in place, so replicas never lose counts.

import { verdictKey, type EtvCacheEntry, type MemoryCounters } from '../memory.js';
import type { PgConnection } from './connection.js';

interface VerdictRow {
  entity_key: string;
  artifact_hash: string;
  file_stamp: string | null;
  file_changed_at: number | null;
  disk_exists: number;
  disk_hash: string | null;
  is_stale: number;
  checked_at: number;
  [key: string]: unknown;
}

export class PgMemoryEtvCache {
  constructor(private readonly db: PgConnection) {}

  get(keys: readonly { entityKey: string; artifactHash: string }[]): Map<string, EtvCacheEntry> {
    const out = new Map<string, EtvCacheEntry>();
    if (keys.length === 0) return out;
    const rows = this.db.query<VerdictRow>(
      `SELECT c.entity_key, c.artifact_hash, c.file_stamp, c.file_changed_at, c.disk_exists, c.disk_hash, c.is_stale, c.checked_at
       FROM json_to_recordset($1::json) AS k(e text, a text) JOIN etv_cache c ON c.entity_key = k.e AND c.artifact_hash = k.a`,
      [JSON.stringify(keys.map((key) => ({ e: key.entityKey, a: key.artifactHash })))],
    );
    for (const row of rows) out.set(verdictKey(row.entity_key, row.artifact_hash), entryOf(row));
    return out;
  }

  put(entries: readonly EtvCacheEntry[]): void {
    // The last entry for a key wins, as a loop of upserts would have it.
    const latest = new Map(entries.map((e) => [verdictKey(e.entityKey, e.artifactHash), e]));
    const rows = [...latest.values()].map((e) => ({
      entity_key: e.entityKey, artifact_hash: e.artifactHash, file_stamp: e.fileStamp, file_changed_at: e.fileChangedAt,
      disk_exists: Number(e.diskExists), disk_hash: e.diskHash, is_stale: Number(e.isStale), checked_at: e.checkedAt,
    }));
    this.db.run(
      `INSERT INTO etv_cache (entity_key, artifact_hash, file_stamp, file_changed_at, disk_exists, disk_hash, is_stale, checked_at)
       SELECT * FROM json_to_recordset($1::json) AS r(entity_key text, artifact_hash text, file_stamp text, file_changed_at double precision,
         disk_exists integer, disk_hash text, is_stale integer, checked_at bigint)
       ON CONFLICT (entity_key, artifact_hash) DO UPDATE SET file_stamp = excluded.file_stamp, file_changed_at = excluded.file_changed_at,
         disk_exists = excluded.disk_exists, disk_hash = excluded.disk_hash, is_stale = excluded.is_stale, checked_at = excluded.checked_at`,
      [JSON.stringify(rows)],
    );
  }

  count(hits: number, misses: number): void {
    const add = 'INSERT INTO counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value';
    if (hits > 0) this.db.run(add, ['etv_hits', hits]);
    if (misses > 0) this.db.run(add, ['etv_misses', misses]);
  }

  counters(): MemoryCounters {
    const rows = this.db.query<{ name: string; value: number }>('SELECT name, value FROM counters');
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
