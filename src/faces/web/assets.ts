// The web page's built files (tools/bundle-web.mjs writes them to dist/web/ with a
// manifest of their SHA-256): found from wherever this module runs — dist/bundle/,
// dist/faces/web/ or the TypeScript sources under test — by walking up to the package root.
// Read once and kept: they are small, and they change only with a new build.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WebAsset {
  name: string;
  body: Buffer;
  contentType: string;
  sha256: string;
}

export interface WebAssets {
  get(name: string): WebAsset | undefined;
  /** `/ui/assets/<name>?v=<hash prefix>`: a URL that changes when the file does. */
  url(name: string): string;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

/** The folder holding the built page: `<package root>/dist/web`. */
function webAssetDir(from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'dist', 'web');
    if (existsSync(join(candidate, 'manifest.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** The built page, or null when it was not built (a checkout without `npm run build`). */
export function loadWebAssets(dir: string | null = webAssetDir()): WebAssets | null {
  if (dir === null) return null;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: Record<string, { sha256: string }> };
  const assets = new Map<string, WebAsset>();
  for (const [name, { sha256 }] of Object.entries(manifest.files)) {
    const extension = name.slice(name.lastIndexOf('.'));
    assets.set(name, { name, body: readFileSync(join(dir, name)), contentType: TYPES[extension] ?? 'application/octet-stream', sha256 });
  }
  return {
    get: (name) => assets.get(name),
    url: (name) => `/ui/assets/${encodeURIComponent(name)}?v=${(assets.get(name)?.sha256 ?? '').slice(0, 16)}`,
  };
}
