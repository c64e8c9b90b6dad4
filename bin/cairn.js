#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/ after `npm ci` (which builds through `prepare`).
// `npm run build` bundles it into dist/bundle/ (tools/bundle.mjs), which loads in about
// half the time of tsc's ~400 modules; a checkout built by tsc alone runs tsc's output, and
// so does one whose bundle is older than its last tsc build (the bundle would be stale).
import { statSync } from 'node:fs';

const BUNDLED = new URL('../dist/bundle/main.js', import.meta.url);
const COMPILED = new URL('../dist/faces/cli/main.js', import.meta.url);

function modifiedMs(url) {
  return statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

const bundled = modifiedMs(BUNDLED);
const entry = bundled >= 0 && bundled >= modifiedMs(COMPILED) ? BUNDLED : COMPILED;

import(entry.href).then((cli) => cli.main(process.argv)).then(
  (code) => { process.exitCode = code; },
  (error) => { console.error(`cairn: ${error?.message ?? error}`); process.exitCode = 1; },
);
