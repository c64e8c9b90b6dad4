// The synchronous PostgreSQL driver: libpq through the `libpq` npm package (the bindings
// node-postgres' pg-native is built on). Synchronous because cairn's store ports are: a
// query blocks the calling thread for one round trip, as a better-sqlite3 read does for a
// page read. The package is an optional dependency compiled against the system's libpq
// (Debian: libpq-dev), so an install without it still runs the embedded SQLite store; it
// is loaded on first use, and its absence is a one-line error saying what to install.

import { createRequire } from 'node:module';
import { ConfigError } from '../../core/errors.js';

/** The part of libpq's binding cairn uses (see the package's README for each call). */
export interface LibpqConnection {
  connectSync(conninfo: string): void;
  finish(): void;
  exec(sql: string): void;
  prepare(name: string, sql: string, parameters: number): void;
  execPrepared(name: string, params: (string | null)[]): void;
  resultStatus(): string;
  resultErrorMessage(): string;
  resultErrorFields(): { sqlState?: string; messagePrimary?: string; messageDetail?: string } | null;
  errorMessage(): string;
  ntuples(): number;
  nfields(): number;
  fname(field: number): string;
  ftype(field: number): number;
  getvalue(row: number, field: number): string;
  getisnull(row: number, field: number): boolean;
  cmdTuples(): string;
  transactionStatus(): number;
  serverVersion(): number;
  clear(): void;
}

type LibpqConstructor = new () => LibpqConnection;

let loaded: LibpqConstructor | null = null;

export function newLibpqConnection(): LibpqConnection {
  if (loaded === null) {
    try {
      loaded = createRequire(import.meta.url)('libpq') as LibpqConstructor;
    } catch (error) {
      throw new ConfigError('the PostgreSQL store needs the libpq module, which is not installed', {
        hint: 'install the PostgreSQL client headers (Debian: apt-get install libpq-dev) and reinstall cairn, or use the default SQLite store',
        cause: error,
      });
    }
  }
  return new loaded();
}
