// Runs the conformance suites of the shared-state ports against the PostgreSQL adapter,
// unchanged, each test in a schema of its own on the run's server (test/postgres-setup.ts).
// The curated index and vectors are not here: on PostgreSQL they are published SQLite
// generations (src/store/postgres/README.md), read by the SQLite adapter the SQLite suites test.

import { describe, it } from 'vitest';
import { openPgFailureMemory, openPgFailureReader } from '../../src/store/postgres/failure-memory.js';
import { openPgMemoryStore } from '../../src/store/postgres/memory-store.js';
import { mapPgRawLogError, openPgRawLog } from '../../src/store/postgres/raw-log.js';
import { openPgSessionStore } from '../../src/store/postgres/session-store.js';
import { asSuperuser, dropSchema, freshSchema, pgUrl } from '../support/postgres.js';
import { parsePgUrl } from '../../src/store/postgres/connection-url.js';
import { runFailureMemorySuite } from './failure-memory.suite.js';
import { runMemoryStoreSuite } from './memory-store.suite.js';
import { runRawLogSuite } from './raw-log.suite.js';
import { runSessionStoreSuite } from './session-store.suite.js';

const url = pgUrl();

if (url === null) {
  describe('postgres conformance', () => {
    it.skip('needs a PostgreSQL server (apt-get install postgresql)', () => undefined);
  });
} else {
  const target = parsePgUrl(url);

  /** A statement through a superuser connection of its own, as a tool outside cairn would run it. */
  const behind = async (schema: string, sql: string, params: unknown[] = []): Promise<void> => {
    try {
      asSuperuser(url, schema, { sql, params });
    } catch (error) {
      throw mapPgRawLogError(error, target);
    }
  };
  /** As `behind`, with foreign-key triggers off for the statement (a disk fault or a restore does not check them). */
  const withoutForeignKeys = async (schema: string, sql: string, ...params: unknown[]): Promise<void> => {
    asSuperuser(url, schema, { sql: 'SET session_replication_role = replica' }, { sql, params });
  };

  runRawLogSuite('postgres', async ({ now }) => {
    const schema = freshSchema();
    return {
      log: openPgRawLog(url, schema, { now }),
      reopen: (options = {}) => openPgRawLog(url, schema, { now, ...options }),
      tamper: {
        update: () => behind(schema, `UPDATE raw_log SET payload = '"rewritten"'`),
        delete: () => behind(schema, 'DELETE FROM raw_log'),
      },
      cleanup: async () => dropSchema(url, schema),
    };
  });

  runSessionStoreSuite('postgres', async ({ now }) => {
    const schema = freshSchema();
    return {
      store: openPgSessionStore(url, schema, { now }),
      reopen: () => openPgSessionStore(url, schema, { now }),
      cleanup: async () => dropSchema(url, schema),
    };
  });

  runFailureMemorySuite('postgres', async ({ now }) => {
    const schema = freshSchema();
    const empty = freshSchema();
    return {
      memory: openPgFailureMemory(url, schema, { now }),
      reopen: () => openPgFailureMemory(url, schema, { now }),
      openReader: () => openPgFailureReader(url, schema),
      openEmptyReader: () => ({
        reader: openPgFailureReader(url, empty),
        createdNothing: () => (asSuperuser(url, 'public', { sql: 'SELECT to_regnamespace($1) IS NULL', params: [empty] }) as unknown[][][])[0]?.[0]?.[0] === true,
      }),
      cleanup: async () => {
        dropSchema(url, schema);
        dropSchema(url, empty);
      },
    };
  });

  runMemoryStoreSuite('postgres', async () => {
    const schema = freshSchema();
    const empty = freshSchema();
    return {
      store: openPgMemoryStore(url, schema),
      reopen: () => openPgMemoryStore(url, schema),
      openEmpty: () => openPgMemoryStore(url, empty),
      tamper: {
        deleteBlocks: (episodeId) => withoutForeignKeys(schema, 'DELETE FROM blocks WHERE episode_id = $1', episodeId),
        deleteArtifact: (hash) => withoutForeignKeys(schema, 'DELETE FROM artifacts WHERE hash = $1', hash),
        setLedgerTime: (seq, at) => withoutForeignKeys(schema, 'UPDATE ledger SET at = $1 WHERE seq = $2', at, seq),
        deleteLedgerRow: (seq) => withoutForeignKeys(schema, 'DELETE FROM ledger WHERE seq = $1', seq),
        setVersionState: (key, version, state) => withoutForeignKeys(schema, 'UPDATE versions SET state = $1 WHERE entity_key = $2 AND version = $3', state, key, version),
      },
      cleanup: async () => {
        dropSchema(url, schema);
        dropSchema(url, empty);
      },
    };
  });
}
