// Python import resolution. Absolute modules are looked up under every source root
// (the repository root, folders that hold top-level packages such as src/, project
// folders with pyproject.toml/setup.py); relative imports climb from the importer's package.

import { baseOf, dirOf, isUnder, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';

export interface PythonResolveData {
  /** Source roots, sorted deepest first so the most specific root is tried first. */
  roots: string[];
  /** Per root, the names directly below it (files without extension, folders): a quick miss test. */
  topNames: Map<string, Set<string>>;
}

const PROJECT_MARKERS = ['pyproject.toml', 'setup.py', 'setup.cfg'];
/** Conventional source folders; a root when not a package themselves (namespace layouts). */
const CONVENTIONAL_ROOTS = ['src', 'lib', 'python'];

export function findPythonRoots(files: RepoFiles): PythonResolveData {
  const roots = new Set<string>(['']);
  for (const init of [...files.withBaseName('__init__.py'), ...files.withBaseName('__init__.pyi')]) {
    const pkgDir = dirOf(init);
    if (pkgDir === '') continue;
    const parent = dirOf(pkgDir);
    if (!files.has(joinPath(parent, '__init__.py') ?? '') && !files.has(joinPath(parent, '__init__.pyi') ?? '')) {
      roots.add(parent);
    }
  }
  for (const name of CONVENTIONAL_ROOTS) {
    for (const dir of files.dirsNamed(name)) {
      if (!files.has(`${dir}/__init__.py`) && !files.has(`${dir}/__init__.pyi`)) roots.add(dir);
    }
  }
  for (const marker of PROJECT_MARKERS) {
    for (const path of files.withBaseName(marker)) {
      const dir = dirOf(path);
      roots.add(dir);
      const src = joinPath(dir, 'src');
      if (src !== null && files.isDir(src)) roots.add(src);
    }
  }
  return {
    roots: [...roots].sort((a, b) => depth(b) - depth(a) || (a < b ? -1 : a > b ? 1 : 0)),
    topNames: namesBelowRoots(files, roots),
  };
}

/** For every root, the first path segment of each file below it, extension dropped. */
function namesBelowRoots(files: RepoFiles, roots: Set<string>): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const root of roots) names.set(root, new Set());
  for (const path of files.all) {
    let segmentEnd = path.length;
    for (let dir = dirOf(path); ; dir = dirOf(dir)) {
      if (roots.has(dir)) {
        const start = dir === '' ? 0 : dir.length + 1;
        names.get(dir)!.add(stripPyExtension(path.slice(start, segmentEnd)));
      }
      if (dir === '') break;
      segmentEnd = dir.length;
    }
  }
  return names;
}

function stripPyExtension(name: string): string {
  return name.replace(/\.pyi?$/, '');
}

function depth(dir: string): number {
  return dir === '' ? 0 : dir.split('/').length;
}

/**
 * moduleFiles answers per file list, memoised: a repository imports the same modules from
 * many files (sympy: 18k imports, a few thousand distinct), each answer a handful of
 * string joins and lookups. Keyed weakly by the (immutable) file list of one resolution.
 */
const moduleFilesMemo = new WeakMap<RepoFiles, Map<string, readonly string[]>>();

/** The files of module `dotted` ("a.b") inside `base`: a/b.py(i) or a/b/__init__.py(i). */
function moduleFiles(base: string, dotted: string, files: RepoFiles): readonly string[] {
  let memo = moduleFilesMemo.get(files);
  if (memo === undefined) {
    memo = new Map();
    moduleFilesMemo.set(files, memo);
  }
  const key = `${base}\u0000${dotted}`;
  let found = memo.get(key);
  if (found === undefined) {
    found = computeModuleFiles(base, dotted, files);
    memo.set(key, found);
  }
  return found;
}

function computeModuleFiles(base: string, dotted: string, files: RepoFiles): string[] {
  const rel = dotted === '' ? '' : dotted.split('.').join('/');
  const stem = joinPath(base, rel);
  if (stem === null) return [];
  const candidates = stem === base ? [] : [`${stem}.py`, `${stem}.pyi`];
  const init = joinPath(stem, '__init__');
  if (init !== null) candidates.push(`${init}.py`, `${init}.pyi`);
  const found = candidates.filter((c) => files.has(c));
  // A stub next to its module describes the same module: keep the source.
  return found.some((f) => f.endsWith('.py')) ? found.filter((f) => f.endsWith('.py')) : found;
}

/** The module itself plus each imported name that is a submodule of it. */
function moduleWithSubmodules(base: string, dotted: string, names: string[], files: RepoFiles): string[] {
  const out = [...moduleFiles(base, dotted, files)];
  for (const name of names) {
    if (name === '*' || name === '') continue;
    out.push(...moduleFiles(base, dotted === '' ? name : `${dotted}.${name}`, files));
  }
  return out;
}

export function resolvePythonSpecifier(
  specifier: string,
  names: string[],
  fromPath: string,
  files: RepoFiles,
  data: PythonResolveData,
): string[] {
  if (specifier.startsWith('.')) return resolveRelative(specifier, names, fromPath, files);
  const first = specifier.split('.', 1)[0]!;
  const matches: { root: string; found: string[] }[] = [];
  for (const root of data.roots) {
    if (!data.topNames.get(root)?.has(first)) continue;
    const found = moduleWithSubmodules(root, specifier, names, files);
    if (found.length > 0) matches.push({ root, found });
  }
  // The importer's own source root is the one Python would search first.
  const own = matches.find((m) => m.root !== '' && isUnder(fromPath, m.root));
  if (own) return own.found;
  if (matches.length > 0) return matches.flatMap((m) => m.found);
  // Scripts and tests import their neighbours: the script's folder is on sys.path.
  return moduleWithSubmodules(dirOf(fromPath), specifier, names, files);
}

function resolveRelative(specifier: string, names: string[], fromPath: string, files: RepoFiles): string[] {
  let level = 0;
  while (specifier[level] === '.') level++;
  let base: string | null = dirOf(fromPath);
  for (let up = 1; up < level && base !== null; up++) base = base === '' ? null : dirOf(base);
  if (base === null) return [];
  return moduleWithSubmodules(base, specifier.slice(level), names, files);
}

export function isPythonRootMarker(path: string): boolean {
  const base = baseOf(path);
  return base === '__init__.py' || base === '__init__.pyi' || PROJECT_MARKERS.includes(base);
}
