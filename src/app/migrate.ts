// Composition root, `cairn migrate --to postgres://…`: a repository's `.cairn` moved into
// PostgreSQL without loss — the index as a published generation, episode memory, failure
// memory, sessions and the raw log as they were (ids, times and sequence numbers kept) —
// then every table read back through the PostgreSQL adapters and compared with what was
// read from SQLite: row counts and a sha256 of the rows per table. A database that already
// holds the repository is refused unless `replace` (its shared state is dropped first; the
// index becomes its next generation).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RepoContext } from '../config/repo-context.js';
import { sha256 } from '../indexer/hash.js';
import type { PostgresChoice } from '../config/store-choice.js';
import { CairnError, ConflictError, InputError } from '../core/errors.js';
import type { FailureRecord } from '../store/failures.js';
import type { IndexGenerations, IndexRunLock } from '../store/generations.js';
import type { MemoryDumpTable } from '../store/memory.js';
import type { RawLogRecord } from '../store/raw-log.js';
import type { RepoStores } from '../store/repo-stores.js';
import type { SessionRecord } from '../store/session.js';
import { parsePgUrl } from '../store/postgres/connection-url.js';
import { openPgFailureMemory } from '../store/postgres/failure-memory.js';
import { openPgIndexGenerations } from '../store/postgres/index-generations.js';
import { openPgMemoryStore } from '../store/postgres/memory-store.js';
import { openPgSessionStore } from '../store/postgres/session-store.js';
import { pgSchemaExists, repositorySchema } from '../store/postgres/repository-schema.js';
import { dropPgSchema, importPgRawLog } from '../store/postgres/shared-state-import.js';
import { indexPaths } from '../store/sqlite/index.js';
import { pgStoresOf } from './pg-stores.js';
import { publishSnapshot } from './published-index.js';
import { storesOf } from './stores.js';

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceSha256: string;
  targetSha256: string;
}

export interface MigrationReport {
  repository: string;
  schema: string;
  /** The redacted target URL. */
  target: string;
  replaced: boolean;
  /** The generation the index was published as, or null when the index directory had no index. */
  generation: number | null;
  tables: TableCheck[];
}

/** What a repository's shared state holds, table by table, as plain rows. */
interface SharedState {
  memory: MemoryDumpTable[];
  failures: FailureRecord[];
  sessions: SessionRecord[];
  rawLog: RawLogRecord[];
}

export function migrateToPostgres(source: RepoContext, target: PostgresChoice, options: { replace: boolean }): MigrationReport {
  const { indexDir } = source;
  if (!existsSync(indexDir)) throw new InputError('INPUT_NOT_FOUND', `${indexDir}: no index directory to migrate`, { hint: 'pass --repo (and --index-dir) of a repository cairn has indexed' });
  const schema = repositorySchema(target.repository);
  const generations = openPgIndexGenerations(target.url);
  try {
    const lock = generations.tryLock(target.repository);
    if (lock === null) throw new CairnError('INDEX_BUSY', `an index run of ${target.repository} holds its lock in PostgreSQL`, { hint: 'retry when it has published' });
    try {
      const held = generations.latest(target.repository) !== null || pgSchemaExists(target.url, schema);
      if (held && !options.replace) {
        throw new ConflictError(`PostgreSQL at ${parsePgUrl(target.url).redacted} already holds the repository ${target.repository}`, {
          hint: 'pass --replace to replace its shared state (memory, failures, sessions, raw log) and publish this index as its next generation',
        });
      }
      const state = readState(storesOf({ indexDir, config: source.config })); // the configured log bound: opening the log trims nothing it would not
      if (held) dropPgSchema(target.url, schema);
      const index = publishIndex(indexDir, generations, lock);
      writePgState(target.url, schema, state, source.config.log.maxBytes);
      const tables = [...(index === null ? [] : [index.check]), ...compare(state, readState(pgStoresOf({ indexDir, config: source.config }, target)))];
      return { repository: target.repository, schema, target: parsePgUrl(target.url).redacted, replaced: held, generation: index?.generation ?? null, tables };
    } finally {
      lock.release();
    }
  } finally {
    generations.close();
  }
}

/** The shared state a repository's stores hold (no episode memory yet: none). */
function readState(stores: RepoStores): SharedState {
  return {
    memory: stores.hasMemory() ? withStore(stores.memory(), (store) => store.dump()) : [],
    failures: withStore(stores.failureReader(), (reader) => reader.list(reader.count())),
    sessions: withStore(stores.sessions(), (sessions) => sessions.list().map((entry) => sessions.get(entry.taskId)!)),
    rawLog: withStore(stores.rawLog(), (log) => log.read({})),
  };
}

/** Writes the state with its own ids and times: each adapter is handed a clock set to the row's time. */
function writePgState(url: string, schema: string, state: SharedState, logMaxBytes: number): void {
  const clock = { now: 0 };
  const now = (): number => clock.now;
  withStore(openPgMemoryStore(url, schema), (store) => store.load(state.memory));
  withStore(openPgFailureMemory(url, schema, { now }), (failures) => {
    for (const failure of [...state.failures].reverse()) {
      clock.now = failure.recordedAt;
      failures.record(failure);
    }
  });
  withStore(openPgSessionStore(url, schema, { now }), (sessions) => {
    for (const session of state.sessions) {
      clock.now = session.createdAt;
      sessions.upsert(session.taskId, { task: session.task, stageOutputs: session.stageOutputs, stageProgress: session.stageProgress, finalContext: session.finalContext, refinementRequest: session.refinementRequest });
      clock.now = session.updatedAt; // a second write moves updated_at to the row's own
      sessions.upsert(session.taskId, { task: session.task });
    }
  });
  importPgRawLog(url, schema, state.rawLog, logMaxBytes);
}

/**
 * The index as the repository's next generation, read back: the generation is checked out
 * again (each chunk verified on the way) and its bytes hashed, beside the hash of the
 * snapshot as it was uploaded.
 */
function publishIndex(indexDir: string, generations: IndexGenerations, lock: IndexRunLock): { generation: number; check: TableCheck } | null {
  if (!existsSync(indexPaths(indexDir).curated)) return null;
  const info = publishSnapshot(indexDir, generations, lock);
  const uploaded = info.files.find((file) => file.name === 'index.db');
  const cache = join(indexDir, `migrate-check-${process.pid}`);
  try {
    const readBack = generations.checkout(lock.repository, cache);
    const targetSha256 = readBack === null ? '' : sha256(readFileSync(join(readBack.dir, 'index.db')));
    return { generation: info.generation, check: { table: 'index.db (generation)', sourceRows: 1, targetRows: readBack === null ? 0 : 1, sourceSha256: uploaded?.sha256 ?? '', targetSha256 } };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

function compare(source: SharedState, target: SharedState): TableCheck[] {
  const tables: [string, unknown[], unknown[]][] = [
    ...memoryTables(source.memory, target.memory),
    ['failures', source.failures, target.failures],
    ['sessions', source.sessions, target.sessions],
    ['raw_log', source.rawLog, target.rawLog],
  ];
  return tables.map(([table, from, to]) => ({ table, sourceRows: from.length, targetRows: to.length, sourceSha256: rowsHash(from), targetSha256: rowsHash(to) }));
}

function memoryTables(source: MemoryDumpTable[], target: MemoryDumpTable[]): [string, unknown[], unknown[]][] {
  const names = [...new Set([...source, ...target].map((table) => table.table))];
  const rowsOf = (dump: MemoryDumpTable[], name: string): unknown[] => dump.find((table) => table.table === name)?.rows ?? [];
  return names.map((name) => [`memory.${name}`, rowsOf(source, name), rowsOf(target, name)]);
}

/** sha256 over the rows, each as JSON with its keys sorted, in sorted order: the same rows give the same hash whichever adapter read them, in whatever order. */
export function rowsHash(rows: readonly unknown[]): string {
  const hash = createHash('sha256');
  for (const line of rows.map(canonicalJson).sort()) hash.update(`${line}\n`);
  return hash.digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function withStore<S extends { close(): void }, T>(store: S, work: (store: S) => T): T {
  try {
    return work(store);
  } finally {
    store.close();
  }
}
