// A store whose connection the server ended (pg_terminate_backend: what a restart does to
// every session): the call that meets the dead connection is STORE_UNAVAILABLE, the next
// call works on a new connection, and a store that was closed stays closed.

import { afterAll, describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/core/errors.js';
import { openPgFailureMemory } from '../../src/store/postgres/failure-memory.js';
import { reconnecting } from '../../src/store/postgres/reconnecting.js';
import { asSuperuser, dropSchema, freshSchema, pgUrl } from '../support/postgres.js';
import { thrownBy } from '../support/thrown.js';

const url = pgUrl();

/** Ends the sessions of this test's store (named by application_name), as a restart would. */
function terminate(name: string): void {
  asSuperuser(url!, 'public', { sql: 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', params: [name] });
}

describe.skipIf(url === null)('postgres: reconnecting after the server ended the connection', () => {
  const schema = freshSchema('reconnect');
  const name = `cairn_${schema}`;
  const named = `${url}?application_name=${name}`;
  afterAll(() => dropSchema(url!, schema));

  it('fails the call that meets the dead connection, then answers on a new one', () => {
    let opened = 0;
    const store = reconnecting(() => {
      opened += 1;
      return openPgFailureMemory(named, schema);
    });
    try {
      expect(store.count()).toBe(0);
      terminate(name);
      const lost = thrownBy(() => store.count());
      expect(isCairnError(lost) && lost.code).toBe('STORE_UNAVAILABLE');
      expect(store.count()).toBe(0);
      expect(opened).toBe(2);
      expect(store.count()).toBe(0);
      expect(opened).toBe(2); // a working connection is kept
    } finally {
      store.close();
    }
    const closed = thrownBy(() => store.count());
    expect(isCairnError(closed) && closed.code).toBe('STORE_UNAVAILABLE');
    expect(opened).toBe(2); // closed: not reopened behind the caller's back
  });
});
