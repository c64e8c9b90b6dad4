// The bundled CLI (dist/bundle/, tools/bundle.mjs) is what bin/cairn.js runs after
// `npm run build` and what the other CLI tests exercise. These check what they cannot see:
// that the bundle is the code running, that its worker threads start from the bundle
// rather than quietly falling back to in-process work, and that splitting kept commands
// lazy. A preloaded tracer (load-trace.mjs) records modules, workers and native addons.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/cli.js';
import { fixtureRepo, tempDir, type TempDir } from '../support/temp-repo.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'bundle');
const BUNDLE_URL = pathToFileURL(BUNDLE).href;
const TRACER = pathToFileURL(fileURLToPath(new URL('./load-trace.mjs', import.meta.url))).href;

const cleanups: TempDir[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) dir.remove();
});

interface Trace {
  modules: string[];
  workers: string[];
  addons: string[];
}

async function tracedCli(args: string[]): Promise<{ result: CliResult; trace: Trace }> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-trace-'));
  const file = join(dir, 'trace.txt');
  try {
    const result = await runCli(args, { env: { NODE_OPTIONS: `--import="${TRACER}"`, CAIRN_LOAD_TRACE: file } });
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
    const of = (kind: string) => lines.filter((line) => line.startsWith(`${kind} `)).map((line) => line.slice(kind.length + 1));
    return { result, trace: { modules: of('module'), workers: of('worker'), addons: of('addon') } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The source folders (e.g. "dist/retrieval/") of the modules esbuild put into the loaded bundle files. */
function bundledFolders(modules: string[]): Set<string> {
  const folders = new Set<string>();
  for (const url of new Set(modules.filter((module) => module.startsWith(`${BUNDLE_URL}/`)))) {
    // Unminified esbuild output opens each bundled module with a `// <path>` comment.
    for (const [, folder] of readFileSync(fileURLToPath(url), 'utf8').matchAll(/^\/\/ (dist\/[a-z-]+\/)/gm)) folders.add(folder!);
  }
  return folders;
}

/** The npm packages (e.g. "zod") esbuild put into the loaded bundle files. */
function bundledPackages(modules: string[]): Set<string> {
  const packages = new Set<string>();
  for (const url of new Set(modules.filter((module) => module.startsWith(`${BUNDLE_URL}/`)))) {
    for (const [, name] of readFileSync(fileURLToPath(url), 'utf8').matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(name!);
  }
  return packages;
}

/** More files than the indexer's threshold for starting extraction workers (64). */
function manyFilesRepo(files = 80): TempDir {
  const repo = tempDir('cairn-many-');
  cleanups.push(repo);
  for (let n = 0; n < files; n++) repo.write(`pkg/module_${n}.py`, `def handler_${n}(value):\n    return value + ${n}\n`);
  return repo;
}

/**
 * More files than the link phase's threshold for its thread (500): modules that import and
 * call each other, classes that inherit, and docs that mention paths and definitions.
 */
function linkedRepo(modules = 520): TempDir {
  const repo = tempDir('cairn-linked-');
  cleanups.push(repo);
  for (let n = 0; n < modules; n++) {
    const uses = n === 0 ? 'VALUE = 1\n' : `from pkg.module_${n - 1} import handler_${n - 1}, Base${n - 1}\n`;
    const call = n === 0 ? 'value' : `handler_${n - 1}(value)`;
    const base = n === 0 ? '' : `(Base${n - 1})`;
    repo.write(`pkg/module_${n}.py`, `${uses}\n\ndef handler_${n}(value):\n    return ${call} + ${n}\n\n\nclass Base${n}${base}:\n    def run(self):\n        return handler_${n}(self)\n`);
  }
  repo.write('pkg/__init__.py', '');
  repo.write('README.md', '# Guide\n\nStart with `pkg/module_0.py` and `handler_7`.\n\n## More\n\n`Base12.run` calls pkg/module_12.py.\n');
  return repo;
}

function rows(indexDir: string, sql: string): unknown[] {
  const db = new Database(join(indexDir, 'index.db'), { readonly: true });
  try {
    return db.prepare(sql).raw(true).all();
  } finally {
    db.close();
  }
}

describe('the bundled CLI', () => {
  it('is what bin/cairn.js runs after the build, and prints the package version', async () => {
    expect(existsSync(join(BUNDLE, 'main.js'))).toBe(true);
    const { result, trace } = await tracedCli(['--version']);
    expect(result.code, result.stderr).toBe(0);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(result.stdout).toBe(`${version}\n`);
    expect(trace.modules).toContain(`${BUNDLE_URL}/main.js`);
    expect(trace.modules.filter((url) => url.startsWith(pathToFileURL(join(ROOT, 'dist', 'faces')).href))).toEqual([]);
  });

  it('indexes on bundled extraction workers, with the flat-tree addon, without loading retrieval code', async () => {
    const repo = manyFilesRepo();
    const { result, trace } = await tracedCli(['index', repo.path, '--json', '--workers', '2']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ files: 80, symbols: 80, parseFailures: {} });
    expect(trace.workers).toEqual([`${BUNDLE_URL}/extract-worker.js`, `${BUNDLE_URL}/extract-worker.js`]);
    expect(trace.addons).toContain(join(ROOT, 'build', 'Release', 'flat_tree.node'));
    const folders = bundledFolders(trace.modules);
    expect(folders).toContain('dist/indexer/'); // the markers are there to be read
    expect(folders).not.toContain('dist/retrieval/');
  });

  it('links a large first index on the bundled link thread, to the same edges and doc links as linking in one thread', async () => {
    const repo = linkedRepo();
    const threaded = tempDir('cairn-idx-');
    const inline = tempDir('cairn-idx-');
    cleanups.push(threaded, inline);
    const { result, trace } = await tracedCli(['index', repo.path, '--index-dir', threaded.path, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(trace.workers).toContain(`${BUNDLE_URL}/link-worker.js`);
    const alone = await runCli(['index', repo.path, '--index-dir', inline.path, '--json', '--workers', '0']);
    expect(alone.code, alone.stderr).toBe(0);
    for (const [table, order] of [['refs', 'from_path, from_key, to_key, kind'], ['doc_links', 'chunk_id, to_path, to_key, mention']]) {
      const made = rows(threaded.path, `SELECT * FROM ${table} ORDER BY ${order}`);
      expect(made.length, table).toBeGreaterThanOrEqual(table === 'refs' ? 1500 : 4);
      expect(made, table).toEqual(rows(inline.path, `SELECT * FROM ${table} ORDER BY ${order}`));
    }
    expect(rows(threaded.path, "SELECT name FROM sqlite_master WHERE name = 'refs_by_to'")).toHaveLength(1);
    expect(JSON.parse(result.stdout).edges).toEqual(JSON.parse(alone.stdout).edges);
  }, 60_000);

  it('retrieves with the package fitted on the bundled fit worker', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    const task = 'Wrong total in `shop/cart.py`: `Cart.total` applies the discount after tax';
    const { result, trace } = await tracedCli(['retrieve', task, '--repo', repo.path, '--stages', 'scope,precision', '--context-window', '6000', '--reserved-tokens', '1000']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('shop/cart.py');
    // One thread, started ahead and then used: a crashed one would be replaced (or fail the run).
    expect(trace.workers).toEqual([`${BUNDLE_URL}/fit-worker.js`]);
    expect(bundledFolders(trace.modules)).toContain('dist/retrieval/');
  });

  it('retrieve-loads-no-schema-library: a retrieval never loads zod, which only refining (and MCP, config files, models) checks with', async () => {
    const repo = fixtureRepo('shop');
    cleanups.push(repo);
    const { result, trace } = await tracedCli(['retrieve', 'Cart.total applies the discount after tax', '--repo', repo.path, '--stages', 'scope,precision']);
    expect(result.code, result.stderr).toBe(0);
    const packages = bundledPackages(trace.modules);
    expect(packages).toContain('commander'); // the markers are there to be read
    expect(packages).not.toContain('zod');
  });
});
