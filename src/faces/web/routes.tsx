// The web page's routes on `cairn serve`: `GET /ui` (the shell, any view: the view is in
// the query) and `GET /ui/assets/<name>` (the client bundle and its stylesheet). Both carry
// a strict Content-Security-Policy — scripts, styles and requests only from this server, no
// inline script or style, no frames, Trusted Types for any HTML sink — and are served
// without the bearer token (they hold no repository data: the page asks for the token and
// sends it to the API). A checkout that was never built answers 503 with the fix.

import type { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorBody } from '../http/errors.js';
import { loadWebAssets, type WebAssets } from './assets.js';
import { Shell } from './shell.js';

export interface WebPageOptions {
  tokenRequired: boolean;
  version: string;
  /** Default: the built files under dist/web (null when there are none). */
  assets?: WebAssets | null;
}

export const WEB_PREFIX = '/ui';

/** Whether a path is the page's own (served without the token; the API's routes are not). */
export function isWebPagePath(path: string): boolean {
  return path === WEB_PREFIX || path.startsWith(`${WEB_PREFIX}/`);
}

const POLICY = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    requireTrustedTypesFor: ["'script'"],
  },
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  referrerPolicy: 'no-referrer',
  xFrameOptions: 'DENY',
  // Plain HTTP on loopback: a browser ignores HSTS there, and it would only mislead.
  strictTransportSecurity: false,
});

export function registerWebPage(app: Hono<any>, options: WebPageOptions): void {
  const assets = options.assets === undefined ? loadWebAssets() : options.assets;
  app.use(`${WEB_PREFIX}`, POLICY);
  app.use(`${WEB_PREFIX}/*`, POLICY);
  const notBuilt = errorBody('PAGE_NOT_BUILT', 'the web page was not built (dist/web/manifest.json is missing)', 'run `npm run build` in the cairn checkout, then start cairn serve again');

  app.get(WEB_PREFIX, (c) => {
    if (assets === null) return c.json(notBuilt, 503);
    c.header('Cache-Control', 'no-store');
    const params = new URL(c.req.url).searchParams;
    return c.html(`<!doctype html>${(<Shell params={params} assets={assets} tokenRequired={options.tokenRequired} version={options.version} />).toString()}`);
  });

  app.get(`${WEB_PREFIX}/assets/:name`, (c) => {
    if (assets === null) return c.json(notBuilt, 503);
    const asset = assets.get(c.req.param('name'));
    if (asset === undefined) return c.json(errorBody('ROUTE_NOT_FOUND', `no page asset ${c.req.param('name')}`, 'the page names its assets itself: reload /ui'), 404);
    const etag = `"${asset.sha256.slice(0, 32)}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    const versioned = c.req.query('v') !== undefined;
    return c.body(new Uint8Array(asset.body), 200, {
      'Content-Type': asset.contentType,
      ETag: etag,
      'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  });
}
