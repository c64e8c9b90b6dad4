// One synchronous PostgreSQL connection (driver.ts): parameters in, plain rows out,
// transactions that nest (savepoints), statements prepared once per connection, and every
// driver failure turned into an error that carries its SQLSTATE and never the password.
// Adapters decide on SQLSTATE codes (errors.ts), never on message text.

import { newLibpqConnection, type LibpqConnection } from './driver.js';
import { parsePgUrl, scrub, type PgTarget } from './connection-url.js';
import { PgDriverError, unavailable } from './errors.js';
import { decodeValue, encodeParam } from './values.js';

export type Row = Record<string, unknown>;

/** A schema name cairn creates and sets as the search path: plain, lower case, unquoted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PgConnectOptions {
  /** The schema the connection works in (its search path); tables are unqualified in cairn's SQL. Migrations create it. */
  schema: string;
}

export class PgConnection {
  private readonly prepared = new Map<string, string>();
  private depth = 0;
  private open = true;

  constructor(
    private readonly pq: LibpqConnection,
    readonly target: PgTarget,
    readonly schema: string,
  ) {}

  /** Every row of a statement, columns by name. */
  query<R extends Row = Row>(sql: string, params: readonly unknown[] = []): R[] {
    this.execute(sql, params);
    const rows: R[] = [];
    const fields = this.pq.nfields();
    const names = Array.from({ length: fields }, (_, i) => this.pq.fname(i));
    const types = Array.from({ length: fields }, (_, i) => this.pq.ftype(i));
    for (let r = 0, n = this.pq.ntuples(); r < n; r++) {
      const row: Row = {};
      for (let f = 0; f < fields; f++) {
        row[names[f]!] = this.pq.getisnull(r, f) ? null : decodeValue(this.pq.getvalue(r, f), types[f]!);
      }
      rows.push(row as R);
    }
    this.pq.clear();
    return rows;
  }

  one<R extends Row = Row>(sql: string, params: readonly unknown[] = []): R | undefined {
    return this.query<R>(sql, params)[0];
  }

  /** The first column of the first row, or undefined when there is no row. */
  value<V>(sql: string, params: readonly unknown[] = []): V | undefined {
    const row = this.one(sql, params);
    return row === undefined ? undefined : (Object.values(row)[0] as V);
  }

  /** Runs a statement; returns the number of rows it changed. */
  run(sql: string, params: readonly unknown[] = []): number {
    this.execute(sql, params);
    const changed = Number(this.pq.cmdTuples() || '0');
    this.pq.clear();
    return changed;
  }

  /** Runs a script of statements without parameters (migrations). */
  script(sql: string): void {
    this.pq.exec(sql);
    this.throwIfFailed(sql);
    this.pq.clear();
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** All of `work`'s writes land or none; nested calls roll back only their own part on failure. */
  transaction<T>(work: () => T): T {
    const savepoint = this.depth === 0 ? null : `cairn_sp_${this.depth}`;
    this.script(savepoint === null ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
    this.depth += 1;
    try {
      const result = work();
      this.depth -= 1;
      this.script(savepoint === null ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`);
      return result;
    } catch (error) {
      this.depth -= 1;
      this.rollback(savepoint);
      throw error;
    }
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    finish(this.pq);
  }

  get isOpen(): boolean {
    return this.open;
  }

  private rollback(savepoint: string | null): void {
    try {
      this.script(savepoint === null ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
    } catch {
      // The connection is gone: the server has rolled the transaction back itself.
    }
  }

  /** Prepares each distinct statement once on this connection, then executes it. */
  private execute(sql: string, params: readonly unknown[]): void {
    if (!this.open) throw unavailable(this.target, 'the connection was closed');
    const encoded = params.map(encodeParam);
    let name = this.prepared.get(sql);
    if (name === undefined) {
      name = `cairn_${this.prepared.size + 1}`;
      this.pq.prepare(name, sql, encoded.length);
      this.throwIfFailed(sql);
      this.pq.clear();
      this.prepared.set(sql, name);
    }
    this.pq.execPrepared(name, encoded);
    this.throwIfFailed(sql);
  }

  private throwIfFailed(sql: string): void {
    const status = this.pq.resultStatus();
    if (status === 'PGRES_COMMAND_OK' || status === 'PGRES_TUPLES_OK' || status === 'PGRES_EMPTY_QUERY') return;
    const fields = this.pq.resultErrorFields();
    const message = scrub(this.pq.resultErrorMessage() || this.pq.errorMessage() || status, this.target.secret);
    this.pq.clear();
    throw new PgDriverError(message, fields?.sqlState ?? null, this.target, sql.trim().split('\n')[0]!.slice(0, 120));
  }
}

/**
 * libpq's binding closes its socket watcher asynchronously (uv_close) but lets the
 * connection object be collected at once; collected before the close completes, the
 * process aborts in libuv. Finished connections are held until the event loop has turned
 * past its close phase.
 */
const closing = new Set<LibpqConnection>();

function finish(pq: LibpqConnection): void {
  pq.finish();
  closing.add(pq);
  setTimeout(() => closing.delete(pq), 0).unref();
}

/**
 * Opens a connection to `url` working in `schema`. An unreachable server, a refused login
 * or a bad setting is STORE_UNAVAILABLE, its message naming the redacted URL.
 */
export function connectPg(url: string, options: PgConnectOptions): PgConnection {
  const target = parsePgUrl(url);
  if (!SCHEMA_NAME.test(options.schema)) {
    throw new PgDriverError(`"${options.schema}" is not a schema name cairn uses`, null, target, '');
  }
  const pq = newLibpqConnection();
  try {
    pq.connectSync(withFallbackName(target.conninfo));
  } catch (error) {
    const reason = scrub(error instanceof Error ? error.message : String(error), target.secret);
    throw unavailable(target, reason);
  }
  const connection = new PgConnection(pq, target, options.schema);
  try {
    // libpq prints notices on stderr itself ("schema … already exists, skipping"): cairn's output stays its own.
    connection.script(`SET search_path TO ${options.schema}; SET client_min_messages TO warning`);
  } catch (error) {
    connection.close();
    throw error;
  }
  return connection;
}

/** Names cairn in pg_stat_activity unless the URL names an application itself. */
function withFallbackName(conninfo: string): string {
  return `${conninfo}${conninfo.includes('?') ? '&' : '?'}fallback_application_name=cairn`;
}
