// The folder cairn is installed in (the one holding its package.json), found from any of
// its modules. Files that ship beside the code (package.json, the native flat_tree addon)
// are looked up from there rather than by a fixed `../../..`: a module runs from src/
// (tests), dist/<folder>/ (tsc's output) or dist/bundle/ (the bundled CLI), each at a
// different depth.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CairnError } from './errors.js';

/** cairn's name on the npm registry (package.json `name`; the command is `cairn`). */
export const PACKAGE_NAME = 'cairn-context';

/** Start folder → install root: a process asks from the same few modules again and again. */
const found = new Map<string, string>();

/**
 * The nearest ancestor folder of the module at `moduleUrl` (a file: URL, e.g.
 * `import.meta.url`) whose package.json is cairn's. Throws INTERNAL when there is none.
 */
export function installRoot(moduleUrl: string): string {
  const start = dirname(fileURLToPath(moduleUrl));
  const known = found.get(start);
  if (known !== undefined) return known;
  for (let dir = start; ; dir = dirname(dir)) {
    if (isCairnPackage(dir)) {
      found.set(start, dir);
      return dir;
    }
    if (dirname(dir) === dir) break;
  }
  throw new CairnError('INTERNAL', `cairn's package.json was not found in any folder above ${start}.`, {
    hint: 'The installation is incomplete: reinstall cairn.',
  });
}

function isCairnPackage(dir: string): boolean {
  let text: string;
  try {
    text = readFileSync(join(dir, 'package.json'), 'utf8');
  } catch {
    return false; // no package.json here (or unreadable): keep walking up
  }
  try {
    return (JSON.parse(text) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false; // some other tool's malformed package.json is not ours
  }
}
