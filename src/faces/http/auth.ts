// Who may call the API. Loopback by default; any other address needs a bearer token,
// checked on every request with a constant-time comparison (of SHA-256 digests, so the
// comparison takes the same time whatever the lengths). On loopback without a token,
// requests must name a loopback host: a web page the user visits cannot reach the API
// through a DNS name rebound to 127.0.0.1.

import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.js';

/** Tokens shorter than this are refused: guessable, and too short to scrub from logs reliably. */
export const MIN_TOKEN_LENGTH = 16;

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function tokensEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function bearerAuth(token: string | null): MiddlewareHandler {
  const expected = token;
  return async (c, next) => {
    if (expected === null) {
      const host = c.req.header('host') ?? '';
      const name = host.replace(/:\d+$/, '');
      if (name !== '' && !isLoopback(name)) {
        return c.json(errorBody('FORBIDDEN_HOST', `host ${name} is not a loopback name`, 'this server answers requests for 127.0.0.1, ::1 or localhost only (bind another address with --token)'), 403);
      }
      return next();
    }
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (match === null || !tokensEqual(match[1]!.trim(), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHORIZED', match === null ? 'missing bearer token' : 'wrong bearer token', 'send Authorization: Bearer <the token given to cairn serve>'), 401);
    }
    return next();
  };
}
