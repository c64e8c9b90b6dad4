// TS/JS module resolution against the repository: relative specifiers with extension
// probing, folder index files, tsconfig `paths`/`baseUrl`, and workspace packages.
// Build output is not indexed: an import of it (`../lib`, `@scope/pkg/dist/x`) resolves
// to the source it is compiled from (tsconfig `outDir` → `rootDir`, else `dist/`, `lib/`
// … → `src/`). Anything else is an external package and resolves to nothing.

import { dirOf, extOf, isUnder, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';
import { configFor, pathsCandidates, type TsPathsConfig } from './ts-config.js';
import { splitPackageSpecifier, type WorkspacePackage } from './ts-packages.js';

export interface TsResolveData {
  configs: Map<string, TsPathsConfig>;
  packages: Map<string, WorkspacePackage>;
  /** Package folder → package, for relative imports of a package folder. */
  packagesByDir: Map<string, WorkspacePackage>;
}

const PROBE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/** ESM TypeScript writes the emitted name ("./a.js") while "./a.ts" is on disk. */
const EMITTED_TO_SOURCE: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};

/** Build output folders that a package.json may point into while sources sit in src/. */
const OUTPUT_DIRS = ['dist/', 'lib/', 'build/', 'out/', 'esm/', 'cjs/'];

export function resolveTsSpecifier(specifier: string, fromPath: string, files: RepoFiles, data: TsResolveData): string[] {
  if (specifier === '') return [];
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const base = specifier.startsWith('/') ? joinPath(specifier) : joinPath(dirOf(fromPath), specifier);
    return oneOrNone(base === null ? null : (probeModule(base, files, data) ?? probeCompiledFrom(base, files, data)));
  }
  const config = configFor(data.configs, fromPath);
  if (config) {
    for (const candidate of pathsCandidates(config, specifier)) {
      const found = probeModule(candidate, files, data);
      if (found) return [found];
    }
  }
  const fromPackage = resolveInPackage(specifier, files, data);
  if (fromPackage) return [fromPackage];
  if (config?.baseUrl != null) {
    const base = joinPath(config.baseUrl, specifier);
    if (base !== null) return oneOrNone(probeModule(base, files, data));
  }
  return [];
}

function oneOrNone(path: string | null): string[] {
  return path === null ? [] : [path];
}

/** The file a module path names: exact, emitted-name swap, extensions, then folder entry. */
export function probeModule(base: string, files: RepoFiles, data: TsResolveData): string | null {
  return probeFile(base, files) ?? probeFolder(base, files, data);
}

function probeFile(base: string, files: RepoFiles): string | null {
  if (base === '') return null;
  const ext = extOf(base);
  const swaps = EMITTED_TO_SOURCE[ext];
  if (swaps) {
    const stem = base.slice(0, -ext.length);
    for (const swap of swaps) if (files.has(stem + swap)) return stem + swap;
  }
  if (files.has(base)) return base;
  for (const probe of PROBE_EXTENSIONS) if (files.has(base + probe)) return base + probe;
  return null;
}

function probeFolder(dir: string, files: RepoFiles, data: TsResolveData): string | null {
  if (!files.isDir(dir)) return null;
  const pkg = data.packagesByDir.get(dir);
  if (pkg) {
    const entry = firstEntry(pkg.entries, files);
    if (entry) return entry;
  }
  return probeFile(joinPath(dir, 'index') ?? 'index', files);
}

function resolveInPackage(specifier: string, files: RepoFiles, data: TsResolveData): string | null {
  const [name, rest] = splitPackageSpecifier(specifier);
  const pkg = data.packages.get(name);
  if (!pkg) return null;
  if (rest === '') {
    const entry = firstEntry(pkg.entries, files) ?? firstEntry([`${pkg.dir}/src/index`, `${pkg.dir}/index`], files);
    return entry ?? firstOf(pkg.entries, (target) => probeCompiledFrom(stripExtension(target), files, data));
  }
  const exported = exportedSubpath(pkg, `./${rest}`);
  const viaExports = exported.length > 0 ? firstEntry(exported, files) : null;
  if (viaExports) return viaExports;
  const direct = joinPath(pkg.dir, rest);
  const inSrc = joinPath(pkg.dir, 'src', rest);
  const found = firstEntry([direct, inSrc].filter((p): p is string => p !== null), files);
  return found ?? (direct === null ? null : probeCompiledFrom(direct, files, data));
}

/**
 * The source a path into build output is compiled from: the governing tsconfig's
 * `outDir` maps to its `rootDir` (or the package's `src/` when unset, as `tsc` infers it
 * from the sources it compiles), else a build folder name maps to `src/`.
 */
function probeCompiledFrom(path: string, files: RepoFiles, data: TsResolveData): string | null {
  const config = configFor(data.configs, path);
  if (config?.outDir && config.outDir !== config.dir && isUnder(path, config.outDir)) {
    const inferred = joinPath(config.dir, 'src');
    const rootDir = config.rootDir ?? (inferred !== null && files.isDir(inferred) ? inferred : config.dir);
    const source = joinPath(rootDir, path.slice(config.outDir.length));
    const found = source === null ? null : probeModule(stripExtension(source), files, data);
    if (found) return found;
  }
  const source = asSourcePath(path);
  return source === null ? null : probeModule(stripExtension(source), files, data);
}

function exportedSubpath(pkg: WorkspacePackage, subpath: string): string[] {
  const exact = pkg.subpaths.get(subpath);
  if (exact) return exact;
  for (const [key, targets] of pkg.subpaths) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length < prefix.length + suffix.length) continue;
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix)) continue;
    const captured = subpath.slice(prefix.length, subpath.length - suffix.length);
    return targets.map((t) => t.replace('*', captured));
  }
  return [];
}

/** The first target that exists, also trying sources for build-output targets. */
function firstEntry(targets: string[], files: RepoFiles): string | null {
  for (const target of targets) {
    const found = probeFile(target, files) ?? probeFile(joinPath(target, 'index') ?? '', files);
    if (found) return found;
  }
  for (const target of targets) {
    const source = asSourcePath(target);
    const found = source === null ? null : probeFile(stripExtension(source), files);
    if (found) return found;
  }
  return null;
}

/** "pkg/dist/a/b.js" → "pkg/src/a/b.js", "pkg/lib" → "pkg/src" (the folder is matched as a path segment). */
function asSourcePath(target: string): string | null {
  const path = `${target}/`;
  for (const out of OUTPUT_DIRS) {
    if (path.startsWith(out)) return trimSlash(`src/${path.slice(out.length)}`);
    const at = path.indexOf(`/${out}`);
    if (at >= 0) return trimSlash(`${path.slice(0, at + 1)}src/${path.slice(at + 1 + out.length)}`);
  }
  return null;
}

function firstOf(targets: readonly string[], find: (target: string) => string | null): string | null {
  for (const target of targets) {
    const found = find(target);
    if (found) return found;
  }
  return null;
}

function trimSlash(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

function stripExtension(path: string): string {
  if (path.endsWith('.d.ts')) return path.slice(0, -5);
  const ext = extOf(path);
  return ext ? path.slice(0, -ext.length) : path;
}
