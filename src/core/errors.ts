// Typed errors. Faces map `code` to exit codes, HTTP statuses and MCP errors; nothing in
// cairn decides anything by reading an error's message text.

export type ErrorCode =
  | 'USAGE' // bad flags or arguments
  | 'INPUT_NOT_FOUND' // a path the user named does not exist
  | 'INPUT_INVALID' // a path or file exists but is not what is needed
  | 'CONFIG_INVALID' // cairn.yaml, a budget file or env holds a bad value
  | 'INDEX_MISSING' // no index where one is needed
  | 'INDEX_CORRUPT' // the index file cannot be read as an index
  | 'INDEX_INCOMPLETE' // left half-written by an index run that was stopped
  | 'INDEX_TOO_NEW' // written by a newer cairn
  | 'INDEX_BUSY' // another writer holds the index
  | 'NOT_FOUND' // a file, symbol or task id is not in the index / stores
  | 'PROVIDER_UNAVAILABLE' // an LLM or embedding server cannot be reached
  | 'PROVIDER_INVALID_RESPONSE' // it answered, but not in the agreed shape
  | 'APPEND_ONLY' // an attempt to rewrite the raw log
  | 'BUDGET' // a budget that cannot be met
  | 'CONFLICT' // a memory update that would break an invariant (the same artifact again, two texts under one hash)
  | 'INTEGRITY' // cairn doctor found damaged tracking data
  | 'STORE_UNAVAILABLE' // the database server (PostgreSQL) cannot be reached or refused the connection
  | 'INTERNAL';

/** Documented process exit codes (README, "Exit codes"). */
export const EXIT_CODES: Record<ErrorCode, number> = {
  USAGE: 2,
  INPUT_NOT_FOUND: 3,
  INPUT_INVALID: 3,
  CONFIG_INVALID: 4,
  INDEX_MISSING: 5,
  INDEX_CORRUPT: 5,
  INDEX_INCOMPLETE: 5,
  INDEX_TOO_NEW: 5,
  INDEX_BUSY: 6,
  NOT_FOUND: 7,
  PROVIDER_UNAVAILABLE: 8,
  PROVIDER_INVALID_RESPONSE: 8,
  APPEND_ONLY: 1,
  BUDGET: 9,
  CONFLICT: 10,
  INTEGRITY: 11,
  STORE_UNAVAILABLE: 12,
  INTERNAL: 1,
};

export interface CairnErrorOptions {
  /** What the user can do about it, one sentence. */
  hint?: string;
  cause?: unknown;
}

export class CairnError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, options: CairnErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CairnError';
    this.code = code;
    this.hint = options.hint;
  }

  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}

export class UsageError extends CairnError {
  constructor(message: string, options?: CairnErrorOptions) {
    super('USAGE', message, options);
    this.name = 'UsageError';
  }
}

export class InputError extends CairnError {
  constructor(code: 'INPUT_NOT_FOUND' | 'INPUT_INVALID', message: string, options?: CairnErrorOptions) {
    super(code, message, options);
    this.name = 'InputError';
  }
}

export class ConfigError extends CairnError {
  constructor(message: string, options?: CairnErrorOptions) {
    super('CONFIG_INVALID', message, options);
    this.name = 'ConfigError';
  }
}

export class IndexError extends CairnError {
  constructor(
    code: 'INDEX_MISSING' | 'INDEX_CORRUPT' | 'INDEX_INCOMPLETE' | 'INDEX_TOO_NEW' | 'INDEX_BUSY',
    message: string,
    options?: CairnErrorOptions,
  ) {
    super(code, message, options);
    this.name = 'IndexError';
  }
}

export class NotFoundError extends CairnError {
  constructor(message: string, options?: CairnErrorOptions) {
    super('NOT_FOUND', message, options);
    this.name = 'NotFoundError';
  }
}

export class ProviderError extends CairnError {
  constructor(
    code: 'PROVIDER_UNAVAILABLE' | 'PROVIDER_INVALID_RESPONSE',
    message: string,
    options?: CairnErrorOptions,
  ) {
    super(code, message, options);
    this.name = 'ProviderError';
  }
}

export class AppendOnlyError extends CairnError {
  constructor(message: string, options?: CairnErrorOptions) {
    super('APPEND_ONLY', message, options);
    this.name = 'AppendOnlyError';
  }
}

/** A memory update refused because it would break an invariant of the episode memory. */
export class ConflictError extends CairnError {
  constructor(message: string, options?: CairnErrorOptions) {
    super('CONFLICT', message, options);
    this.name = 'ConflictError';
  }
}

export function isCairnError(error: unknown): error is CairnError {
  return error instanceof CairnError;
}

/** A short, single-line description of any thrown value, for wrapping as a cause. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * An error as plain data, to cross a thread boundary (a structured clone keeps no class):
 * a CairnError keeps its code, message and hint; anything else becomes INTERNAL, its
 * message prefixed with what the thread was doing.
 */
export interface ThreadFault {
  code: ErrorCode;
  message: string;
  hint?: string;
}

export function faultOf(error: unknown, doing: string): ThreadFault {
  if (isCairnError(error)) return { code: error.code, message: error.message, ...(error.hint === undefined ? {} : { hint: error.hint }) };
  return { code: 'INTERNAL', message: `${doing} failed: ${describeError(error)}` };
}

/** The CairnError a thread reported, rebuilt on the receiving side. */
export function errorOfFault(fault: ThreadFault): CairnError {
  return new CairnError(fault.code, fault.message, fault.hint === undefined ? {} : { hint: fault.hint });
}
