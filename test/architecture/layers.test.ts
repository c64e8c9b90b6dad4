// Layers, enforced on every source file under src/ (tests and fixtures are exempt: they may
// wire real adapters). Imports point inward:
//
// - core imports nothing of ours; config, tokenizer and render only core;
// - store's ports (store/*.ts) know no adapter, pipeline or face; the adapters
//   (store/sqlite/, store/postgres/) are imported only by the composition root (app/) and
//   the index worker;
// - search, retrieval, memory and diagnostics never import an adapter, a face, eval, the
//   operations, the serve runtime or the composition root;
// - operations (src/operations/) import ports, services and core — never the composition
//   root, the serve runtime, a face or an adapter;
// - the serve runtime (src/serve/) is handed its adapters by the composition root;
// - faces (faces/cli, faces/http, faces/mcp) import operations, render, core, config, the
//   logger, the serve runtime's types and the composition root — never indexer/, eval/,
//   retrieval/, search/, memory/, diagnostics/ or an adapter, with no exception (the CLI's
//   index, status, enrich and refresh stand on operations/, its eval on app/eval.ts, the
//   progress bar and MCP's first-call index on the operations' progress port);
// - the composition root wires everything, the evaluation harness (eval/) included.
//
// And no import cycle between folders (each folder of src/ a node; a folder and its own
// subfolders may import each other: they are one concern).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

const SERVICES = ['indexer', 'search', 'retrieval', 'memory', 'diagnostics'];

/** What each layer may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  config: ['core'],
  tokenizer: ['core'],
  render: ['core'],
  store: ['core'],
  runlog: ['core', 'store'],
  logging: ['core'],
  providers: ['core', 'config'],
  adapter: ['core', 'config', 'store', 'runlog', 'tokenizer'],
  indexer: ['core', 'config', 'store', 'providers', 'tokenizer'],
  search: ['core', 'config', 'store', 'providers', 'tokenizer'],
  retrieval: ['core', 'config', 'store', 'providers', 'search', 'render', 'tokenizer', 'runlog'],
  diagnostics: ['core', 'config', 'store', 'providers', 'search', 'retrieval', 'render', 'tokenizer', 'runlog'],
  memory: ['core', 'config', 'store', 'providers', 'search', 'retrieval', 'render', 'tokenizer', 'runlog'],
  eval: ['core', 'config', 'store', 'indexer', 'search', 'retrieval', 'render', 'tokenizer', 'runlog'],
  operations: ['core', 'config', 'store', 'render', 'tokenizer', 'runlog', ...SERVICES],
  serve: ['core', 'config', 'store', 'logging', 'tokenizer', 'runlog', 'operations', ...SERVICES],
  faces: ['core', 'config', 'render', 'logging', 'tokenizer', 'operations', 'serve', 'app', 'store'],
  app: ['core', 'config', 'store', 'adapter', 'render', 'logging', 'providers', 'tokenizer', 'runlog', 'operations', 'serve', 'faces', 'eval', ...SERVICES],
};

/** Files outside the composition root that may open an adapter: the indexer's worker thread writes the index. */
const ADAPTER_USERS = new Set(['indexer/link-worker.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|fixture)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The layer of a path under src/: its top-level folder, with the store's adapters apart. */
function layerOf(path: string): string {
  const parts = relative(SRC, path).split(/[\\/]/);
  if (parts.length === 1) return 'app';
  if (parts[0] === 'store' && (parts[1] === 'sqlite' || parts[1] === 'postgres') && parts.length > 2) return 'adapter';
  return parts[0]!;
}

type Read = (file: string) => string;
const fromDisk: Read = (file) => readFileSync(file, 'utf8');

function importsOf(file: string, read: Read = fromDisk): { target: string; layer: string }[] {
  const found: { target: string; layer: string }[] = [];
  for (const match of read(file).matchAll(IMPORT)) {
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
    const from = relative(SRC, file);
    const layer = layerOf(file);
    const allowed = ALLOWED[layer];
    if (allowed === undefined) {
      out.push(`${from} → (a folder the layers do not know: add it to ALLOWED)`);
      continue;
    }
    for (const { target, layer: to } of importsOf(file, read)) {
      if (to === layer) continue;
      if (to === 'adapter' && ADAPTER_USERS.has(from)) continue;
      if (allowed.includes(to)) continue;
      out.push(`${from} → ${target}`);
    }
  }
  return out;
}

/** Whether one folder holds the other (a folder and its own subfolder are one concern, not two). */
function nested(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The folders of src/ in import cycles, among folders neither of which holds the other (each cycle once, sorted). */
function folderCycles(files: readonly string[], read: Read = fromDisk): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = dirname(relative(SRC, file));
    for (const { target } of importsOf(file, read)) {
      const to = dirname(target);
      if (!nested(to, from)) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return stronglyConnected(edges).filter((component) => component.length > 1).map((component) => component.sort());
}

/** Tarjan's strongly connected components. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}

describe('layers', () => {
  const files = sourceFiles(SRC);

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importsOf(join(SRC, 'retrieval/pipeline/retrieve.ts')).some((entry) => entry.layer === 'store')).toBe(true);
    expect(files.some((file) => layerOf(file) === 'faces')).toBe(true);
    expect(files.some((file) => layerOf(file) === 'adapter')).toBe(true);
  });

  it('every import points inward, faces, operations, the serve runtime and the composition root included', () => {
    expect(violations(files)).toEqual([]);
  });

  it('faces-reach-indexer-and-eval-through-operations: no face imports indexer/ or eval/ (the debts issue 23 paid)', () => {
    const reached = files
      .filter((file) => layerOf(file) === 'faces')
      .flatMap((file) => importsOf(file).filter((entry) => entry.layer === 'indexer' || entry.layer === 'eval').map((entry) => `${relative(SRC, file)} → ${entry.target}`));
    expect(files.filter((file) => layerOf(file) === 'faces').length).toBeGreaterThan(40);
    expect(reached).toEqual([]);
  });

  it('no import cycle between folders', () => {
    expect(folderCycles(files)).toEqual([]);
  });

  it('catches imports that point outward, static and dynamic', () => {
    const sources: Record<string, string> = {
      [join(SRC, 'core/probe.ts')]: "import { retrieve } from '../retrieval/pipeline/retrieve.js';\n",
      [join(SRC, 'store/probe.ts')]: "import type { Stage } from '../retrieval/stages/stage.js';\nimport { openSqliteCuratedReader } from './sqlite/index.js';\n",
      [join(SRC, 'retrieval/probe.ts')]: "export const main = await import('../faces/cli/main.js');\nimport { openRepo } from '../app/repo.js';\nimport { x } from '../eval/run-eval.js';\n",
      [join(SRC, 'search/probe.ts')]: "import { CairnError } from '../core/errors.js';\nimport { openSqliteRawLog } from '../store/sqlite/raw-log.js';\n",
      [join(SRC, 'indexer/probe.ts')]: "import type { Logger } from '../logging/logger.js';\n",
      [join(SRC, 'operations/probe.ts')]: "import { Workspace } from '../serve/workspace.js';\nimport { openRepo } from '../app/repo.js';\nimport { retrieve } from '../retrieval/pipeline/retrieve.js';\n",
      [join(SRC, 'serve/probe.ts')]: "import { storesOf } from '../app/stores.js';\nimport { listen } from '../faces/http/server.js';\n",
      [join(SRC, 'faces/http/probe.ts')]: "import { searchCode } from '../../operations/search.js';\nimport { retrieve } from '../../retrieval/pipeline/retrieve.js';\nimport { openSqliteRawLog } from '../../store/sqlite/raw-log.js';\n",
      [join(SRC, 'faces/cli/probe.ts')]: "import { runEval } from '../../app/eval.js';\nimport type { IndexProgress } from '../../operations/index-run.js';\nimport { activeIndexWriter } from '../../indexer/lock.js';\nimport { jsonReport } from '../../eval/json-report.js';\n",
      [join(SRC, 'faces/mcp/probe.ts')]: "import type { IndexProgress } from '../../indexer/index-repository.js';\n",
      [join(SRC, 'newroom/probe.ts')]: "import { CairnError } from '../core/errors.js';\n",
    };
    expect(violations(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'core/probe.ts → retrieval/pipeline/retrieve.js',
      'store/probe.ts → retrieval/stages/stage.js',
      'store/probe.ts → store/sqlite/index.js',
      'retrieval/probe.ts → faces/cli/main.js',
      'retrieval/probe.ts → app/repo.js',
      'retrieval/probe.ts → eval/run-eval.js',
      'search/probe.ts → store/sqlite/raw-log.js',
      'indexer/probe.ts → logging/logger.js',
      'operations/probe.ts → serve/workspace.js',
      'operations/probe.ts → app/repo.js',
      'serve/probe.ts → app/stores.js',
      'serve/probe.ts → faces/http/server.js',
      'faces/http/probe.ts → retrieval/pipeline/retrieve.js',
      'faces/http/probe.ts → store/sqlite/raw-log.js',
      'faces/cli/probe.ts → indexer/lock.js',
      'faces/cli/probe.ts → eval/json-report.js',
      'faces/mcp/probe.ts → indexer/index-repository.js',
      'newroom/probe.ts → (a folder the layers do not know: add it to ALLOWED)',
    ]);
  });

  it('catches a cycle between folders', () => {
    const sources: Record<string, string> = {
      [join(SRC, 'retrieval/stages/a.ts')]: "import { b } from '../assembly/b.js';\n",
      [join(SRC, 'retrieval/assembly/b.ts')]: "import { a } from '../stages/a.js';\n",
      [join(SRC, 'retrieval/source/c.ts')]: "import { a } from '../stages/a.js';\n",
      [join(SRC, 'retrieval/d.ts')]: "import { c } from './source/c.js';\n",
      [join(SRC, 'retrieval/source/e.ts')]: "import { d } from '../d.js';\n",
    };
    expect(folderCycles(Object.keys(sources), (file) => sources[file]!)).toEqual([['retrieval/assembly', 'retrieval/stages']]);
  });
});
