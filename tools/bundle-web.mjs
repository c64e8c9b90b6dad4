#!/usr/bin/env node
// Builds the web page's client (src/faces/web/client/) into dist/web/: one ES module
// (app.js, minified, for the browsers of the last few years) and one stylesheet (app.css),
// with a manifest naming each file's SHA-256 so that `cairn serve` can name them
// `/ui/assets/app.js?v=<hash>` and let browsers cache them for good. The libraries the page
// uses (hono/jsx/dom, prismjs, d3-force) are bundled in: the page makes no request outside
// the server that served it.
//
// Run by `npm run build` after tools/bundle.mjs; `node tools/bundle-web.mjs` alone rebuilds it.

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, 'src', 'faces', 'web', 'client');
const OUT = join(ROOT, 'dist', 'web');

export async function bundleWeb() {
  const result = await build({
    entryPoints: { app: join(CLIENT, 'main.tsx') },
    absWorkingDir: ROOT,
    outdir: OUT,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx/dom',
    minify: true,
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(OUT, { recursive: true });
  const files = {};
  for (const output of result.outputFiles) {
    writeFileSync(output.path, output.contents);
    const name = relative(OUT, output.path);
    files[name] = { sha256: createHash('sha256').update(output.contents).digest('hex'), bytes: output.contents.length };
  }
  writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify({ files }, null, 2)}\n`);
  for (const entry of readdirSync(OUT)) if (entry !== 'manifest.json' && !(entry in files)) rmSync(join(OUT, entry), { force: true });
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const files = await bundleWeb();
  const sizes = Object.entries(files).map(([name, file]) => `${name} ${(file.bytes / 1024).toFixed(1)} KiB`);
  console.log(`bundled the web page into ${relative(ROOT, OUT)}/: ${sizes.join(', ')}, ${Math.round(performance.now() - started)} ms`);
}
