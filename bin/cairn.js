#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/ after `npm ci` (which builds through `prepare`).
import('../dist/faces/cli/main.js').then((cli) => cli.main(process.argv)).then(
  (code) => { process.exitCode = code; },
  (error) => { console.error(`cairn: ${error?.message ?? error}`); process.exitCode = 1; },
);
