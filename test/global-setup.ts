// Builds dist/ once before the suite, so tests that run the real `cairn` binary (and the
// extraction worker threads, which load compiled JavaScript) test the current sources.
// Type errors do not stop the emit and are reported by `npm run typecheck`, which
// `npm test` runs first; here only a failure to emit at all is fatal.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.error || !existsSync(`${root}/dist/faces/cli/main.js`)) {
    throw new Error(`building dist/ failed: ${result.error?.message ?? result.stdout}`);
  }
}
