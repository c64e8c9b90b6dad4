// MemoryStore over memory.db in the index directory: its own file (like sessions.db and
// the raw log), so the curated index can be rebuilt or opened read-only while episodes are
// written, and `cairn index --rebuild` never touches what conversations were shown.
// Foreign keys are on for every connection; each write that spans rows is one transaction.

import { InputError } from '../../core/errors.js';
import type {
  AuthorityDecision,
  AuthorityRecord,
  EntityVersion,
  EtvCacheEntry,
  IntegrityFinding,
  MemoryCounters,
  MemoryDumpTable,
  MemoryStore,
  NewEpisode,
  NewGateEvaluation,
  NewVersion,
  Transition,
} from '../memory.js';
import { hasPrimaryCode, mapSqliteError, sqliteErrorCode, withErrorMapping, type Db, type StoreFile } from './connection.js';
import { indexPaths } from './layout.js';
import { dumpMemory, isMemoryEmpty, loadMemory } from './memory-dump.js';
import { MemoryEpisodes } from './memory-episodes.js';
import { MemoryEtvCache } from './memory-etv.js';
import { verifyMemory } from './memory-integrity.js';
import { MemoryStates } from './memory-states.js';
import { MemoryVault } from './memory-vault.js';
import { openMigrated } from './migrations.js';
import { StatementCache } from './statements.js';

export function memoryStoreFile(indexDir: string): StoreFile {
  const file = indexPaths(indexDir).memory;
  // Never rebuilt from the repository: what conversations were shown exists only here.
  return {
    label: 'memory store',
    file,
    dir: indexDir,
    repair: `Move ${file} aside (cairn starts again with no episode memory) and restore a backup with \`cairn memory import\` if you have one.`,
  };
}

export interface MemoryStoreOptions {
  /** Clock for rows the store dates itself (artifacts); injectable for tests. */
  now?: () => number;
}

class SqliteMemoryStore implements MemoryStore {
  private readonly sql: StatementCache;
  private readonly vault: MemoryVault;
  private readonly episodesPart: MemoryEpisodes;
  private readonly states: MemoryStates;
  private readonly etv: MemoryEtvCache;

  constructor(private readonly db: Db, now: () => number) {
    this.sql = new StatementCache(db);
    this.vault = new MemoryVault(this.sql, now);
    this.episodesPart = new MemoryEpisodes(this.sql, this.vault);
    this.states = new MemoryStates(this.sql);
    this.etv = new MemoryEtvCache(this.sql);
  }

  putArtifacts(artifacts: Map<string, string>): void {
    this.transaction(() => this.vault.put(artifacts));
  }
  artifact(hash: string): string | null {
    return this.vault.text(hash);
  }
  artifacts(hashes: readonly string[]): Map<string, string> {
    return this.vault.texts(hashes);
  }
  eachArtifact(visit: (hash: string, text: string) => void): void {
    this.vault.each(visit);
  }

  nextSequence(conversationId: string): number {
    return this.episodesPart.nextSequence(conversationId);
  }
  recordEpisode(episode: NewEpisode): void {
    this.transaction(() => this.episodesPart.record(episode));
  }
  episode(id: string) {
    return this.episodesPart.episode(id);
  }
  episodes(conversationId: string) {
    return this.episodesPart.episodes(conversationId);
  }
  recentEpisodes(limit: number) {
    return this.episodesPart.recentEpisodes(limit);
  }
  blocks(episodeId: string) {
    return this.episodesPart.blocks(episodeId);
  }
  cuts(episodeId: string) {
    return this.episodesPart.cuts(episodeId);
  }
  shownEntities(conversationId: string, beforeSequence: number) {
    return this.episodesPart.shownEntities(conversationId, beforeSequence);
  }
  hydrationsOf(entityKey: string) {
    return this.episodesPart.hydrationsOf(entityKey);
  }

  currentVersion(entityKey: string): EntityVersion | null {
    return this.states.current(entityKey);
  }
  versions(entityKey: string): EntityVersion[] {
    return this.states.versions(entityKey);
  }
  addVersion(version: NewVersion): EntityVersion {
    return this.transaction(() => this.states.addVersion(version));
  }
  transition(transition: Transition): EntityVersion {
    return this.transaction(() => this.states.transition(transition));
  }
  ledger(entityKey?: string) {
    return this.states.ledger(entityKey);
  }
  authoritativeKeys(): string[] {
    return this.states.authoritativeKeys();
  }
  approvedKeys(): string[] {
    return this.states.approvedKeys();
  }

  recordEvaluation(evaluation: NewGateEvaluation) {
    return this.states.recordEvaluation(evaluation);
  }
  evaluationsOfEpisode(episodeId: string) {
    return this.states.evaluationsOfEpisode(episodeId);
  }
  evaluationsOf(entityKey: string) {
    return this.states.evaluationsOf(entityKey);
  }
  recordAuthority(entityKey: string, decision: AuthorityDecision, artifactHash: string, at: number): AuthorityRecord {
    return this.states.recordAuthority(entityKey, decision, artifactHash, at);
  }
  authority(entityKey: string): AuthorityRecord[] {
    return this.states.authority(entityKey);
  }

  cachedVerdicts(keys: readonly { entityKey: string; artifactHash: string }[]): Map<string, EtvCacheEntry> {
    return this.etv.get(keys);
  }
  putVerdicts(entries: readonly EtvCacheEntry[]): void {
    if (entries.length > 0) this.transaction(() => this.etv.put(entries));
  }
  countEtv(hits: number, misses: number): void {
    this.etv.count(hits, misses);
  }
  counters(): MemoryCounters {
    return this.etv.counters();
  }

  verify(): IntegrityFinding[] {
    return verifyMemory(this.sql);
  }
  dump(): MemoryDumpTable[] {
    return this.transaction(() => dumpMemory(this.sql));
  }
  load(tables: readonly MemoryDumpTable[]): void {
    try {
      this.transaction(() => loadMemory(this.sql, tables));
    } catch (error) {
      const code = sqliteErrorCode(error);
      if (!hasPrimaryCode(code, 'SQLITE_CONSTRAINT') && !hasPrimaryCode(code, 'SQLITE_MISMATCH')) throw error;
      throw new InputError('INPUT_INVALID', 'the backup is inconsistent: its rows break the memory schema', {
        hint: 'use a complete file written by `cairn memory export`; nothing was imported',
        cause: error,
      });
    }
  }
  isEmpty(): boolean {
    return isMemoryEmpty(this.sql);
  }

  transaction<T>(work: () => T): T {
    // IMMEDIATE: take the write lock first, so two processes never both read-then-write.
    return this.db.inTransaction ? work() : this.db.transaction(work).immediate();
  }
  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Opens (creating when absent) `<indexDir>/memory.db`. */
export function openSqliteMemoryStore(indexDir: string, options: MemoryStoreOptions = {}): MemoryStore {
  const store = memoryStoreFile(indexDir);
  const db = openMigrated(store, 'memory');
  try {
    // Per connection, outside any transaction; said here rather than left to the driver's build default.
    db.pragma('foreign_keys = ON');
  } catch (error) {
    db.close();
    throw mapSqliteError(error, store);
  }
  return withErrorMapping<MemoryStore>(new SqliteMemoryStore(db, options.now ?? Date.now), (error) => mapSqliteError(error, store));
}
