// Typed errors as HTTP answers: a status chosen by the error's code (never its text) and
// a JSON body `{error: {code, message, hint}}`, never a stack trace.

import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isCairnError, type ErrorCode } from '../../core/errors.js';
import { printable } from '../../core/printable.js';

export const HTTP_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  USAGE: 400,
  INPUT_NOT_FOUND: 404,
  INPUT_INVALID: 400,
  CONFIG_INVALID: 400,
  INDEX_MISSING: 503,
  INDEX_CORRUPT: 500,
  INDEX_INCOMPLETE: 503,
  INDEX_TOO_NEW: 500,
  INDEX_BUSY: 503,
  NOT_FOUND: 404,
  PROVIDER_UNAVAILABLE: 502,
  PROVIDER_INVALID_RESPONSE: 502,
  APPEND_ONLY: 500,
  BUDGET: 422,
  CONFLICT: 409,
  INTEGRITY: 500,
  STORE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Codes of the HTTP layer itself, beside the engine's. */
export type HttpErrorCode = ErrorCode | 'INVALID_REQUEST' | 'UNAUTHORIZED' | 'PAYLOAD_TOO_LARGE' | 'TIMEOUT' | 'ROUTE_NOT_FOUND' | 'FORBIDDEN_HOST' | 'HEADERS_TOO_LARGE' | 'REQUEST_TIMEOUT' | 'OVERLOADED' | 'CROSS_SITE' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAGE_NOT_BUILT';

export interface ErrorBody {
  error: { code: HttpErrorCode; message: string; hint?: string };
}

export function errorBody(code: HttpErrorCode, message: string, hint?: string): ErrorBody {
  return { error: { code, message: printable(message.split('\n').join('; ')), ...(hint ? { hint: printable(hint) } : {}) } };
}

/** A thrown value as status and body; anything but a CairnError is an internal error whose details stay in the log. */
export function answerFor(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (isCairnError(error)) return { status: HTTP_STATUS[error.code], body: errorBody(error.code, error.message, error.hint) };
  return { status: 500, body: errorBody('INTERNAL', 'internal error', 'this is a bug in cairn: the server log has the details (request id in X-Request-Id)') };
}
