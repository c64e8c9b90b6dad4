// Runs every conformance suite against the SQLite adapter, each test in a fresh
// temporary index directory.

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteFailureMemory, openSqliteFailureReader } from '../../src/store/sqlite/failure-memory.js';
import { indexPaths } from '../../src/store/sqlite/layout.js';
import { openSqliteCuratedReader, openSqliteIndexWriter } from '../../src/store/sqlite/open-curated.js';
import { mapRawLogError, openSqliteRawLog, rawLogStoreFile } from '../../src/store/sqlite/raw-log.js';
import { listSegments } from '../../src/store/sqlite/raw-log-segments.js';
import { openSqliteMemoryStore } from '../../src/store/sqlite/memory-store.js';
import { openSqliteSessionStore } from '../../src/store/sqlite/session-store.js';
import { openSqliteVectorIndex } from '../../src/store/sqlite/vector-index.js';
import { runCuratedStoreSuite } from './curated-store.suite.js';
import { runFailureMemorySuite } from './failure-memory.suite.js';
import { runMemoryStoreSuite } from './memory-store.suite.js';
import { runRawLogSuite } from './raw-log.suite.js';
import { runSessionStoreSuite } from './session-store.suite.js';
import { runVectorIndexSuite } from './vector-index.suite.js';
import { runEnrichmentStoreSuite } from './enrichment-store.suite.js';
import { openSqliteEnrichmentReader, openSqliteEnrichmentStore } from '../../src/store/sqlite/enrichment-store.js';

function temporaryIndexDir(): { dir: string; cleanup(): Promise<void> } {
  const parent = mkdtempSync(join(tmpdir(), 'cairn-sqlite-'));
  // The index directory itself does not exist yet: opening for write must create it.
  return { dir: join(parent, '.cairn'), cleanup: async () => rmSync(parent, { recursive: true, force: true }) };
}

/** Runs one statement on the newest segment, through a connection of its own, as a tool outside cairn would. */
async function behindTheAdapter(indexDir: string, sql: string): Promise<void> {
  const newest = listSegments(indexDir).at(-1) ?? { number: 0, file: indexPaths(indexDir).rawLog };
  const db = new Database(newest.file);
  try {
    db.prepare(sql).run();
  } catch (error) {
    throw mapRawLogError(error, rawLogStoreFile(indexDir, newest.number));
  } finally {
    db.close();
  }
}

runCuratedStoreSuite('sqlite', async ({ now }) => {
  const { dir, cleanup } = temporaryIndexDir();
  return {
    writer: openSqliteIndexWriter(dir, { now }),
    openReader: () => openSqliteCuratedReader(dir),
    reopenWriter: () => openSqliteIndexWriter(dir, { now }),
    cleanup,
  };
});

runRawLogSuite('sqlite', async ({ now }) => {
  const { dir, cleanup } = temporaryIndexDir();
  return {
    log: openSqliteRawLog(dir, { now }),
    reopen: (options = {}) => openSqliteRawLog(dir, { now, ...options }),
    tamper: {
      update: () => behindTheAdapter(dir, "UPDATE entries SET payload = '\"rewritten\"'"),
      delete: () => behindTheAdapter(dir, 'DELETE FROM entries'),
    },
    cleanup,
  };
});

runSessionStoreSuite('sqlite', async ({ now }) => {
  const { dir, cleanup } = temporaryIndexDir();
  return {
    store: openSqliteSessionStore(dir, { now }),
    reopen: () => openSqliteSessionStore(dir, { now }),
    cleanup,
  };
});

runVectorIndexSuite('sqlite', async () => {
  const { dir, cleanup } = temporaryIndexDir();
  return { index: openSqliteVectorIndex(dir), reopen: () => openSqliteVectorIndex(dir), cleanup };
});

/**
 * A statement on memory.db through a connection of its own without foreign keys, as the
 * sqlite3 shell runs by default (better-sqlite3 turns them on unless told).
 */
async function behindMemory(indexDir: string, sql: string, ...params: unknown[]): Promise<void> {
  const db = new Database(indexPaths(indexDir).memory);
  try {
    db.pragma('foreign_keys = OFF');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

runMemoryStoreSuite('sqlite', async () => {
  const { dir, cleanup } = temporaryIndexDir();
  const empty = temporaryIndexDir();
  return {
    store: openSqliteMemoryStore(dir),
    reopen: () => openSqliteMemoryStore(dir),
    openEmpty: () => openSqliteMemoryStore(empty.dir),
    tamper: {
      deleteBlocks: (episodeId) => behindMemory(dir, 'DELETE FROM blocks WHERE episode_id = ?', episodeId),
      deleteArtifact: (hash) => behindMemory(dir, 'DELETE FROM artifacts WHERE hash = ?', hash),
      setLedgerTime: (seq, at) => behindMemory(dir, 'UPDATE ledger SET at = ? WHERE seq = ?', at, seq),
      deleteLedgerRow: (seq) => behindMemory(dir, 'DELETE FROM ledger WHERE seq = ?', seq),
      setVersionState: (key, version, state) => behindMemory(dir, 'UPDATE versions SET state = ? WHERE entity_key = ? AND version = ?', state, key, version),
    },
    cleanup: async () => {
      await cleanup();
      await empty.cleanup();
    },
  };
});

runFailureMemorySuite('sqlite', async ({ now }) => {
  const { dir, cleanup } = temporaryIndexDir();
  const empty = temporaryIndexDir();
  return {
    memory: openSqliteFailureMemory(dir, { now }),
    reopen: () => openSqliteFailureMemory(dir, { now }),
    openReader: () => openSqliteFailureReader(dir),
    openEmptyReader: () => ({
      reader: openSqliteFailureReader(empty.dir),
      createdNothing: () => !existsSync(empty.dir) && readdirSync(join(empty.dir, '..')).length === 0,
    }),
    cleanup: async () => {
      await cleanup();
      await empty.cleanup();
    },
  };
});

runEnrichmentStoreSuite('sqlite', async () => {
  const { dir, cleanup } = temporaryIndexDir();
  return {
    store: openSqliteEnrichmentStore(dir),
    openReader: () => openSqliteEnrichmentReader(dir)!,
    reopen: () => openSqliteEnrichmentStore(dir),
    cleanup,
  };
});
