// MemoryStore over the memory tables of a repository's schema. Many replicas write at
// once: each write that spans rows is one transaction, and where SQLite relied on being
// the only writer, PostgreSQL's constraints decide — a conversation's sequence number, an
// episode id, an entity's next version are unique, so the writer that comes second fails
// with a ConflictError (run it again), and state changes are compare-and-sets
// (memory-states.ts).

import { ConflictError, InputError } from '../../core/errors.js';
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
import type { PgConnection } from './connection.js';
import { isIntegrityViolation, mapPgError, sqlStateOf, SQLSTATE, withErrorMapping } from './errors.js';
import { dumpPgMemory, isPgMemoryEmpty, loadPgMemory } from './memory-dump.js';
import { PgMemoryEpisodes, sequenceTaken } from './memory-episodes.js';
import { PgMemoryEtvCache } from './memory-etv.js';
import { verifyPgMemory } from './memory-integrity.js';
import { PgMemoryStates } from './memory-states.js';
import { PgMemoryVault } from './memory-vault.js';
import { openMigrated } from './migrations.js';

export interface PgMemoryStoreOptions {
  now?: () => number;
}

class PgMemoryStore implements MemoryStore {
  private readonly vault: PgMemoryVault;
  private readonly episodesPart: PgMemoryEpisodes;
  private readonly states: PgMemoryStates;
  private readonly etv: PgMemoryEtvCache;

  constructor(private readonly db: PgConnection, now: () => number) {
    this.vault = new PgMemoryVault(db, now);
    this.episodesPart = new PgMemoryEpisodes(db, this.vault);
    this.states = new PgMemoryStates(db);
    this.etv = new PgMemoryEtvCache(db);
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
    try {
      this.transaction(() => this.episodesPart.record(episode));
    } catch (error) {
      // Another replica recorded this episode id or this sequence number between our check and our commit.
      if (sqlStateOf(error) !== SQLSTATE.uniqueViolation) throw error;
      throw sequenceTaken(episode.episode.conversationId, episode.episode.sequence);
    }
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
    try {
      return this.transaction(() => this.states.addVersion(version));
    } catch (error) {
      if (sqlStateOf(error) !== SQLSTATE.uniqueViolation) throw error;
      throw new ConflictError(`another process added a version of ${version.entityKey} meanwhile`, { hint: 'read its current version again', cause: error });
    }
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
    if (entries.length > 0) this.etv.put(entries);
  }
  countEtv(hits: number, misses: number): void {
    this.etv.count(hits, misses);
  }
  counters(): MemoryCounters {
    return this.etv.counters();
  }

  verify(): IntegrityFinding[] {
    return this.transaction(() => verifyPgMemory(this.db));
  }
  dump(): MemoryDumpTable[] {
    // One snapshot for every table: a dump taken while replicas write is still consistent.
    return this.transaction(() => {
      this.db.script('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      return dumpPgMemory(this.db);
    });
  }
  load(tables: readonly MemoryDumpTable[]): void {
    try {
      this.transaction(() => loadPgMemory(this.db, tables));
    } catch (error) {
      const state = sqlStateOf(error);
      if (!isIntegrityViolation(error) && !state?.startsWith('22')) throw error;
      throw new InputError('INPUT_INVALID', 'the backup is inconsistent: its rows break the memory schema', {
        hint: 'use a complete file written by `cairn memory export`; nothing was imported',
        cause: error,
      });
    }
  }
  isEmpty(): boolean {
    return isPgMemoryEmpty(this.db);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work);
  }
  close(): void {
    this.db.close();
  }
}

/** Opens the episode memory of the repository whose schema is `schema`, migrating it on first use. */
export function openPgMemoryStore(url: string, schema: string, options: PgMemoryStoreOptions = {}): MemoryStore {
  const db = openMigrated(url, schema, 'repository', (error, connection) => mapPgError(error, connection.target));
  return withErrorMapping<MemoryStore>(new PgMemoryStore(db, options.now ?? Date.now), (error) => mapPgError(error, db.target));
}
