// Layers, enforced: every import between cairn's own modules points inward. core imports
// nothing of ours; store knows no pipeline, search or face; search and retrieval know no
// face, no evaluation, no logger and not the composition root (src/app*.ts); memory builds on
// retrieval (its ranking, its counter) and, like it, knows no face or indexer (the
// composition root hands it the indexer's extraction as a port). Tests and test fixtures
// are exempt (they may wire real adapters); everything else under src/ is checked.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** What each layer (top-level folder of src/) may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  config: ['core'],
  store: ['core'],
  render: ['core'],
  providers: ['core', 'config'],
  indexer: ['core', 'config', 'store', 'providers'],
  search: ['core', 'config', 'store', 'providers'],
  retrieval: ['core', 'config', 'store', 'providers', 'search', 'render'],
  diagnostics: ['core', 'config', 'store', 'providers', 'search', 'retrieval', 'render'],
  memory: ['core', 'config', 'store', 'providers', 'search', 'retrieval', 'render'],
  eval: ['core', 'config', 'store', 'indexer', 'search', 'retrieval', 'render'],
  // The one logger: used by the faces and the composition root only; the engine logs nothing itself.
  logging: ['core'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|fixture)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The layer of a path under src/: its top-level folder, or "app" for the composition root. */
function layerOf(path: string): string {
  const parts = relative(SRC, path).split(/[\\/]/);
  return parts.length === 1 ? 'app' : parts[0]!;
}

type Read = (file: string) => string;
const fromDisk: Read = (file) => readFileSync(file, 'utf8');

function importsOf(file: string, read: Read = fromDisk): { target: string; layer: string }[] {
  const text = read(file);
  const found: { target: string; layer: string }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(SRC)) continue;
    found.push({ target: relative(SRC, target), layer: layerOf(target) });
  }
  return found;
}

/** Imports that break the rules, as "from → to" lines. */
function violations(files: readonly string[], read: Read = fromDisk): string[] {
  const out: string[] = [];
  for (const file of files) {
    const layer = layerOf(file);
    const allowed = ALLOWED[layer];
    if (allowed === undefined) continue; // faces and the composition root may import anything
    for (const { target, layer: to } of importsOf(file, read)) {
      if (to !== layer && !allowed.includes(to)) out.push(`${relative(SRC, file)} → ${target}`);
    }
  }
  return out;
}

describe('layers', () => {
  const files = sourceFiles(SRC);

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importsOf(join(SRC, 'retrieval/pipeline/retrieve.ts')).some((entry) => entry.layer === 'store')).toBe(true);
  });

  it('every import points inward', () => {
    expect(violations(files)).toEqual([]);
  });

  it('catches imports that point outward, static and dynamic', () => {
    const sources: Record<string, string> = {
      [join(SRC, 'core/probe.ts')]: "import { retrieve } from '../retrieval/pipeline/retrieve.js';\n",
      [join(SRC, 'store/probe.ts')]: "import type { Stage } from '../retrieval/stages/stage.js';\n",
      [join(SRC, 'retrieval/probe.ts')]: "export const main = await import('../faces/cli/main.js');\nimport { openRepo } from '../app.js';\nimport { x } from '../eval/run-eval.js';\n",
      [join(SRC, 'search/probe.ts')]: "import { CairnError } from '../core/errors.js';\n",
      [join(SRC, 'indexer/probe.ts')]: "import type { Logger } from '../logging/logger.js';\n",
      [join(SRC, 'logging/probe.ts')]: "import { main } from '../faces/cli/main.js';\n",
      [join(SRC, 'store/probe2.ts')]: "import type { HandoffBundle } from '../diagnostics/bundle.js';\n",
      [join(SRC, 'retrieval/probe2.ts')]: "import { shouldEscalate } from '../diagnostics/escalate.js';\n",
      [join(SRC, 'diagnostics/probe.ts')]: "import { rankSot } from './sot/rank.js';\nimport { retrieve } from '../retrieval/pipeline/retrieve.js';\nimport { main } from '../faces/cli/main.js';\nimport { openRepo } from '../app.js';\n",
    };
    expect(violations(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'core/probe.ts → retrieval/pipeline/retrieve.js',
      'store/probe.ts → retrieval/stages/stage.js',
      'retrieval/probe.ts → faces/cli/main.js',
      'retrieval/probe.ts → app.js',
      'retrieval/probe.ts → eval/run-eval.js',
      'indexer/probe.ts → logging/logger.js',
      'logging/probe.ts → faces/cli/main.js',
      'store/probe2.ts → diagnostics/bundle.js',
      'retrieval/probe2.ts → diagnostics/escalate.js',
      'diagnostics/probe.ts → faces/cli/main.js',
      'diagnostics/probe.ts → app.js',
    ]);
  });
});
