// PostgreSQL failures as cairn's typed errors, decided on SQLSTATE codes (never message
// text). A driver failure is a PgDriverError carrying its SQLSTATE; adapters turn the
// codes they expect (a unique violation that means "another writer was first", the raw
// log's refusal) into their port's errors, and everything that means "the server is not
// there" becomes STORE_UNAVAILABLE. Messages name the URL with its password replaced.

import { CairnError } from '../../core/errors.js';
import type { PgTarget } from './connection-url.js';

export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  undefinedTable: '42P01',
  insufficientPrivilege: '42501',
  /** Raised by cairn's own append-only trigger on the raw log (migrations/001). */
  appendOnly: 'CX001',
} as const;

export class PgDriverError extends Error {
  constructor(
    /** The driver's message, password scrubbed, on one line. */
    readonly reason: string,
    /** The five-character SQLSTATE, or null when the failure happened before the server answered. */
    readonly sqlState: string | null,
    target: PgTarget,
    /** The first line of the statement, for the log. */
    readonly statement: string,
  ) {
    super(`PostgreSQL at ${target.redacted}: ${reason}`);
    this.name = 'PgDriverError';
  }
}

export function sqlStateOf(error: unknown): string | null {
  return error instanceof PgDriverError ? error.sqlState : null;
}

export function isIntegrityViolation(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('23') === true;
}

/**
 * No SQLSTATE (the connection broke before an answer), class 08 (connection exception)
 * or 57P01–57P03 (the server shut down or is starting): the database is not there.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof PgDriverError)) return false;
  const state = error.sqlState;
  return state === null || state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03';
}

export function unavailable(target: PgTarget, reason: string, cause?: unknown): CairnError {
  return new CairnError('STORE_UNAVAILABLE', `cannot reach PostgreSQL at ${target.redacted}: ${reason}`, {
    hint: 'check that the server runs and the URL (host, port, user, database, sslmode) is right; the password is never printed',
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * A lost connection becomes STORE_UNAVAILABLE; a privilege the role lacks, CONFIG_INVALID
 * naming the grants (the URL names the wrong role, or the grants fall short); anything else
 * is returned unchanged.
 */
export function mapPgError(error: unknown, target: PgTarget): unknown {
  if (isConnectionLoss(error)) return unavailable(target, (error as PgDriverError).reason, error);
  if (sqlStateOf(error) === SQLSTATE.insufficientPrivilege) {
    return new CairnError('CONFIG_INVALID', `PostgreSQL at ${target.redacted} refused: ${(error as PgDriverError).reason}`, {
      hint: 'publishing and migrating need the owner role; serving needs the grants in "Team scale: PostgreSQL" (README)',
      cause: error,
    });
  }
  return error;
}

/** Wraps every method of `target` so that what it throws goes through `map`. */
export function withErrorMapping<T extends object>(target: T, map: (error: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        } catch (error) {
          throw map(error);
        }
      };
    },
  });
}
