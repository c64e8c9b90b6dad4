// Builds dist/ once before the suite, so tests that run the real `cairn` binary (and the
// extraction worker threads, which load compiled JavaScript) test the current sources.
// Type errors do not stop the emit and are reported by `npm run typecheck`, which
// `npm test` runs first; here only a failure to emit at all is fatal. Then, as
// `npm run build` does: the o200k_base rank table (dist/tokenizer/), so the token counter
// under test is the one users run; the bundle (dist/bundle/), which bin/cairn.js runs, so
// the CLI tests exercise what users run; and the web page's client (dist/web/), so the
// browser tests load the page built from the current sources.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function run(root: string, args: string[]): { failed: boolean; output: string } {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return { failed: result.error !== undefined || result.status !== 0, output: result.error?.message ?? `${result.stdout}${result.stderr}` };
}

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const compiled = run(root, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
  if (!existsSync(`${root}/dist/faces/cli/main.js`)) {
    throw new Error(`building dist/ failed: ${compiled.output}`);
  }
  const table = run(root, ['tools/bpe-table.mjs']);
  if (table.failed || !existsSync(`${root}/dist/tokenizer/o200k_base.bin`)) {
    throw new Error(`writing the tokenizer table failed: ${table.output}`);
  }
  const bundled = run(root, ['tools/bundle.mjs']);
  if (bundled.failed || !existsSync(`${root}/dist/bundle/main.js`)) {
    throw new Error(`bundling dist/bundle/ failed: ${bundled.output}`);
  }
  const page = run(root, ['tools/bundle-web.mjs']);
  if (page.failed || !existsSync(`${root}/dist/web/manifest.json`)) {
    throw new Error(`bundling the web page into dist/web/ failed: ${page.output}`);
  }
}
