// Who may call the API. Loopback by default; any other address needs a bearer token,
// checked on every request with a constant-time comparison (of SHA-256 digests, so the
// comparison takes the same time whatever the lengths). On loopback without a token,
// requests must name a loopback host (compared case-insensitively): a web page the user
// visits cannot reach the API through a DNS name rebound to 127.0.0.1. A request without a
// Host header (or an empty one) is refused whatever the mode.

import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.js';

export function isLoopback(host: string): boolean {
  // Host names are case-insensitive (RFC 9110): LOCALHOST is localhost.
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
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

/**
 * `open` names the paths served without the token (the web page's shell and assets, which
 * hold no repository data and must load before the page can ask for the token); the Host
 * rule holds for them too.
 */
export function bearerAuth(token: string | null, open: (path: string) => boolean = () => false): MiddlewareHandler {
  const expected = token;
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').trim();
    if (host === '') return c.json(errorBody('INVALID_REQUEST', 'no Host header', 'send the Host header HTTP/1.1 requires (e.g. Host: 127.0.0.1:4321)'), 400);
    if (expected === null) {
      const name = host.replace(/:\d+$/, '');
      if (!isLoopback(name)) {
        return c.json(errorBody('FORBIDDEN_HOST', `host ${name} is not a loopback name`, 'this server answers requests for 127.0.0.1, ::1 or localhost only (bind another address with --token)'), 403);
      }
      return next();
    }
    if (open(c.req.path)) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (match === null || !tokensEqual(match[1]!.trim(), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHORIZED', match === null ? 'missing bearer token' : 'wrong bearer token', 'send Authorization: Bearer <the token given to cairn serve>'), 401);
    }
    return next();
  };
}
