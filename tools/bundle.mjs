#!/usr/bin/env node
// Bundles tsc's output (dist/) into dist/bundle/, which bin/cairn.js runs. Node 20's ES
// module loader costs ~0.35 ms per module, and `cairn retrieve` loads ~400 of them (cairn's,
// zod's, yaml's, commander's...): a few bundled files load in about half the time.
//
// - Code splitting keeps main.ts's lazy `import()` of each command: `cairn index` still
//   never loads the retrieval code.
// - Every worker-thread script is an entry point too, and the output is flat (entries by
//   name, chunks by hash, all in one folder), so `new URL('./fit-worker.js', import.meta.url)`
//   written in whichever chunk ends up holding that code finds the bundled worker beside it.
// - Native addons (and the packages that locate them at run time) stay external, and so
//   does yaml (see EXTERNAL). Packages loaded through createRequire at run time (yaml in
//   config/load.ts; gpt-tokenizer's encoding in retrieval/budget/tokens.ts, now only the
//   fallback when no compiled rank table was built) are invisible to esbuild and load from
//   node_modules as before.
//
// Run by `npm run build` after tsc; `node tools/bundle.mjs` alone rebuilds from dist/.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
const OUT = join(DIST, 'bundle');
const CLI_MAIN = join(DIST, 'faces', 'cli', 'main.js');

/**
 * Native addons and the packages that find their binaries relative to themselves; yaml,
 * a CommonJS package that cairn also loads with `import('yaml')` (see dynamicCommonJs);
 * and piscina, which starts its own thread script from beside its own files.
 */
const EXTERNAL = ['better-sqlite3', 'sqlite-vec', 'tree-sitter', 'tree-sitter-*', 'yaml', 'piscina'];

// Bundled CommonJS packages (commander) call require() for Node's built-in modules, which
// an ES module does not have: every output file gets one made for it.
const BANNER = "import { createRequire as __cairnCreateRequire } from 'node:module';\nconst require = __cairnCreateRequire(import.meta.url);";

// `new URL('./x.js', import.meta.url)`: how cairn names a worker thread's script.
const SIBLING_SCRIPT = /new URL\(\s*(['"])([^'"]+\.js)\1\s*,\s*import\.meta\.url\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.fixture.ts');
    return isSource ? [path] : [];
  });
}

/**
 * The compiled worker scripts, found in the sources rather than listed here, so that a new
 * worker cannot be forgotten (the pools would then quietly run in-process). Each must be a
 * sibling of the module naming it: in the flat output, `../` would point outside bundle/.
 */
export function workerEntries() {
  const entries = new Map();
  for (const file of sourceFiles(SRC)) {
    for (const [, , target] of readFileSync(file, 'utf8').matchAll(SIBLING_SCRIPT)) {
      const where = relative(ROOT, file);
      if (!target.startsWith('./') || target.slice(2).includes('/')) {
        throw new Error(`${where}: worker script '${target}' must be a sibling ('./name.js') to be bundled`);
      }
      const compiled = join(DIST, relative(SRC, dirname(file)), target);
      if (!existsSync(compiled)) throw new Error(`${where}: ${relative(ROOT, compiled)} was not built (run tsc first)`);
      const name = basename(target, '.js');
      if (entries.has(name) && entries.get(name) !== compiled) throw new Error(`two worker scripts are named ${name}.js`);
      entries.set(name, compiled);
    }
  }
  return entries;
}

export async function bundle() {
  if (!existsSync(CLI_MAIN)) throw new Error(`${relative(ROOT, CLI_MAIN)} is missing: run tsc -p tsconfig.build.json first`);
  const workers = workerEntries();
  const result = await build({
    entryPoints: { main: CLI_MAIN, ...Object.fromEntries(workers) },
    absWorkingDir: ROOT,
    outdir: OUT,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: BANNER },
    // Not minified: loading main + the retrieve command took 65.9 ms minified against 68.5
    // (medians of 15), within the noise, and readable code keeps CAIRN_DEBUG stack traces useful.
    minify: false,
    logLevel: 'warning',
    metafile: true,
    write: false, // written below, once the bundle is known to be sound
  });
  const lost = dynamicCommonJs(result.metafile);
  if (lost.length > 0) {
    throw new Error(`import() of CommonJS would lose its named exports in the bundle: ${lost.join(', ')}; add the package to EXTERNAL`);
  }
  for (const output of result.outputFiles) {
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, output.contents);
  }
  removeStale(new Set(result.outputFiles.map((output) => output.path)));
  return { workers: [...workers.keys()], files: result.outputFiles.length };
}

/**
 * Bundled CommonJS modules reached through a dynamic `import()`. Node gives such an import
 * the module's named exports (`const { parse } = await import('yaml')`); a split bundle
 * gives only `default`, so the code would break at run time. Those must stay external.
 */
function dynamicCommonJs(metafile) {
  return Object.entries(metafile.inputs).flatMap(([importer, input]) =>
    input.imports
      .filter((target) => target.kind === 'dynamic-import' && !target.external && metafile.inputs[target.path]?.format === 'cjs')
      .map((target) => `${relative('node_modules', target.path)} from ${importer}`),
  );
}

/**
 * Chunks are named by content hash, so each build leaves the previous build's changed
 * chunks behind. They are removed after the new files are written rather than by emptying
 * the folder first: a `cairn` started meanwhile (another test run) still finds its files.
 */
function removeStale(written, dir = OUT) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removeStale(written, path);
    else if (!written.has(path)) rmSync(path, { force: true });
  }
  if (dir !== OUT && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { workers, files } = await bundle();
  const ms = Math.round(performance.now() - started);
  console.log(`bundled the CLI and workers (${workers.join(', ')}) into ${relative(ROOT, OUT)}/: ${files} files, ${ms} ms`);
}
