// Connection URLs carry passwords; cairn repeats none of them. Every failure — a refused
// login, a missing database, an unreachable server, a failing statement — is checked in
// every form a face or a log could print it (message, stack, inspect with causes, JSON).
// TLS settings in the URL reach libpq as written (the test server has no TLS: sslmode=require
// must fail saying so, sslmode=disable must connect).

import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/core/errors.js';
import { connectPg } from '../../src/store/postgres/connection.js';
import { parsePgUrl } from '../../src/store/postgres/connection-url.js';
import { PASSWORD_ROLE } from '../support/postgres-server.js';
import { asSuperuser, pgUrl } from '../support/postgres.js';
import { thrownBy } from '../support/thrown.js';

const url = pgUrl();
const PASSWORD = 'Tr0ub4dor&3/p@ss:word';

function withCredentials(password: string, database = 'postgres', query = ''): string {
  const base = new URL(url!);
  base.username = PASSWORD_ROLE;
  base.password = password;
  base.pathname = `/${database}`;
  return `${base.toString()}${query}`;
}

/** Every way the error could be printed or logged. */
function printed(error: unknown): string {
  const e = error as Error;
  return [String(e), e.message, e.stack ?? '', inspect(e, { depth: 10 }), JSON.stringify(e), JSON.stringify({ cause: String((e as { cause?: unknown }).cause) })].join('\n');
}

function expectNoSecret(error: unknown): void {
  const text = printed(error);
  for (const form of [PASSWORD, encodeURIComponent(PASSWORD), 'Tr0ub4dor']) expect(text).not.toContain(form);
}

describe.skipIf(url === null)('postgres: secrets and TLS settings', () => {
  beforeAll(() => {
    asSuperuser(url!, 'public', { sql: `DROP ROLE IF EXISTS ${PASSWORD_ROLE}` }, { sql: `CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD '${PASSWORD.replace(/'/g, "''")}'` });
  });
  afterAll(() => {
    asSuperuser(url!, 'public', { sql: `DROP ROLE IF EXISTS ${PASSWORD_ROLE}` });
  });

  it('connects with the password, and a failing statement names the URL without it', () => {
    const db = connectPg(withCredentials(PASSWORD), { schema: 'public' });
    try {
      expect(db.value('SELECT current_user')).toBe(PASSWORD_ROLE);
      const error = thrownBy(() => db.query('SELECT * FROM no_such_table'));
      expect(String(error)).toContain(`${PASSWORD_ROLE}:***@127.0.0.1`);
      expectNoSecret(error);
    } finally {
      db.close();
    }
  });

  it('a refused login is STORE_UNAVAILABLE on one line, without the password given', () => {
    const wrong = `${PASSWORD}-wrong`;
    const error = thrownBy(() => connectPg(withCredentials(wrong), { schema: 'public' }));
    expect(isCairnError(error) && error.code).toBe('STORE_UNAVAILABLE');
    expect(isCairnError(error) && error.exitCode).toBe(12);
    expect((error as Error).message).not.toContain('\n');
    expect(printed(error)).not.toContain('wrong');
    expectNoSecret(error);
  });

  it('a missing database and an unreachable server say so, without the password', () => {
    const missing = thrownBy(() => connectPg(withCredentials(PASSWORD, 'no_such_database'), { schema: 'public' }));
    expect((missing as Error).message).toMatch(/no_such_database/);
    expectNoSecret(missing);
    const closed = new URL(withCredentials(PASSWORD));
    closed.port = '1';
    const unreachable = thrownBy(() => connectPg(closed.toString(), { schema: 'public' }));
    expect(isCairnError(unreachable) && unreachable.code).toBe('STORE_UNAVAILABLE');
    expectNoSecret(unreachable);
  });

  it('a password given as a query parameter is redacted too', () => {
    const target = parsePgUrl(`postgres://${PASSWORD_ROLE}@127.0.0.1:1/postgres?password=${encodeURIComponent(PASSWORD)}`);
    expect(target.redacted).not.toContain('Tr0ub4dor');
    expect(target.secret).toBe(PASSWORD);
  });

  it('passes sslmode through to libpq: require fails on a server without TLS, disable connects', () => {
    const required = thrownBy(() => connectPg(withCredentials(PASSWORD, 'postgres', '?sslmode=require'), { schema: 'public' }));
    expect(isCairnError(required) && required.code).toBe('STORE_UNAVAILABLE');
    expect((required as Error).message).toMatch(/SSL/);
    expectNoSecret(required);
    const plain = connectPg(withCredentials(PASSWORD, 'postgres', '?sslmode=disable'), { schema: 'public' });
    expect(plain.value('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).toBe(false);
    plain.close();
  });

  it('refuses a URL that is not postgres:// without echoing it', () => {
    const error = thrownBy(() => parsePgUrl(`mysql://${PASSWORD_ROLE}:${encodeURIComponent(PASSWORD)}@h/db`));
    expect(isCairnError(error) && error.code).toBe('CONFIG_INVALID');
    expectNoSecret(error);
    const garbage = thrownBy(() => parsePgUrl(`not a url ${PASSWORD}`));
    expectNoSecret(garbage);
  });
});
