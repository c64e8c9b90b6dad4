// Episode memory (designed now, built in a later stage): which entities each episode was
// shown, a content-addressed vault of exactly what was shown, entity states moved through
// gates with a ledger of every transition.

import type { EntityKey } from '../core/entities.js';

export type EntityState = 'PROPOSED' | 'REVIEWED' | 'AUTHORITATIVE' | 'RETIRED';

export interface Episode {
  id: string;
  taskId: string | null;
  startedAt: number;
  endedAt: number | null;
}

export interface Hydration {
  episodeId: string;
  entity: EntityKey;
  /** SHA-256 of the exact text shown, a key into the vault. */
  contentHash: string;
  detail: 'full' | 'signature' | 'path';
  at: number;
}

export interface LedgerEntry {
  seq: number;
  entity: EntityKey;
  from: EntityState | null;
  to: EntityState;
  gate: string;
  reason: string;
  at: number;
}

export interface MemoryStore {
  startEpisode(episode: Omit<Episode, 'endedAt'>): Episode;
  endEpisode(id: string, at: number): void;
  episode(id: string): Episode | null;
  recordHydrations(hydrations: Hydration[]): void;
  hydrationsOf(episodeId: string): Hydration[];
  /** Stores content under its SHA-256; returns the hash. Idempotent. */
  putVault(content: string): string;
  getVault(contentHash: string): string | null;
  entityState(entity: EntityKey): EntityState | null;
  transition(entry: Omit<LedgerEntry, 'seq'>): LedgerEntry;
  ledger(entity?: EntityKey): LedgerEntry[];
  close(): void;
}
