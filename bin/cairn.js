#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/ after `npm ci` (which builds through `prepare`).
// `npm run build` bundles it into dist/bundle/ (tools/bundle.mjs), which loads in about
// half the time of tsc's ~400 modules; a checkout built by tsc alone runs tsc's output, and
// so does one whose bundle is older than its last tsc build (the bundle would be stale).
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// A cairn process is short and spends much of its CPU in V8's optimizing compiler, once
// per thread (the main thread and each extraction worker compile the same hot code).
// Without TurboFan's inlining, compiling is much cheaper and the compiled code no slower
// for this work: a full index of sympy 9.02–9.26 s → 8.87–8.92 s, of vite 3.14–3.20 s →
// 2.92–2.98 s, the 78-task dev evaluation 38.0–41.8 s → 36.6–38.8 s. Set before any
// other module loads, so that every compile sees it. Only on the Node versions whose V8
// has the flag: V8 prints an error for a flag it does not know.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor >= 20 && nodeMajor <= 24) setFlagsFromString('--no-turbo-inlining');

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
