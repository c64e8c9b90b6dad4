// Writes refused to other sites. A page on another site can make the user's browser send a
// "simple" request to a loopback server — a form POST, or fetch with a text/plain body —
// without asking first; on a server without a token nothing else would stop it. So every
// request that is not a read must (1) not come from another site, by the browser's own
// word (`Sec-Fetch-Site`: only same-origin or none, a request the user made), and carry no
// `Origin` but this server's own; and (2) send its body as `application/json`, which a
// browser sends across sites only after a CORS preflight this server never answers. Clients
// that are not browsers send neither header and pass (1); every client of the API sends JSON.

import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export function crossSiteGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if ((site !== undefined && !ALLOWED_FETCH_SITES.has(site.toLowerCase())) || (origin !== undefined && !sameOrigin(origin, c.req.header('host') ?? ''))) {
      return c.json(errorBody('CROSS_SITE', `a ${c.req.method} from another site (${origin ?? site ?? 'unknown'}) is refused`, 'send writes from this server\'s own page or from a program (no Origin header)'), 403);
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      return c.json(errorBody('UNSUPPORTED_MEDIA_TYPE', `a ${c.req.method} body must be JSON, got ${type === '' ? 'no Content-Type' : type}`, 'send Content-Type: application/json'), 415);
    }
    return next();
  };
}

/** Whether an Origin header names the host this request was sent to (scheme aside: the server speaks one). */
function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host.toLowerCase() === host.trim().toLowerCase();
  } catch {
    return false; // "null" (a sandboxed frame, a file: page) or garbage
  }
}
