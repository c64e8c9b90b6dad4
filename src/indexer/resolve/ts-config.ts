// tsconfig.json / jsconfig.json: the `baseUrl` and `paths` each folder's files resolve
// with, and where the compiler writes its output (`outDir`, from `rootDir`), so that an
// import of the build output (`../lib`, `@scope/pkg/lib/x`) lands on the source. Chains of
// `extends` inside the repository are followed (cycles cut); configs extended from outside
// the repository (node_modules) cannot be read and are skipped.

import { isRecord, parseJsonc } from './jsonc.js';
import { baseOf, dirOf, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';

export interface PathMapping {
  /** The pattern split at its one "*": "@app/*" → prefix "@app/", suffix "". */
  prefix: string;
  suffix: string;
  hasStar: boolean;
  /** Repo-relative targets, each possibly holding one "*". */
  targets: string[];
}

export interface TsPathsConfig {
  /** The folder whose files this config governs. */
  dir: string;
  /** Repo-relative baseUrl, or null when none is set in the chain. */
  baseUrl: string | null;
  /** Sorted longest prefix first: TypeScript prefers an exact pattern, then the longest prefix. */
  paths: PathMapping[];
  /** Repo-relative `outDir` and `rootDir` (null when unset in the chain). */
  outDir: string | null;
  rootDir: string | null;
}

interface RawOptions {
  baseUrl?: { value: string; from: string };
  paths?: { value: Record<string, unknown>; from: string };
  outDir?: { value: string; from: string };
  rootDir?: { value: string; from: string };
}

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const MAX_EXTENDS_DEPTH = 10;

export type ReadText = (path: string) => string | null;
/** Maps a non-relative `extends` (a workspace package's file) to a repo path, if it can. */
export type PackageFileLocator = (specifier: string) => string | null;

/** Loads every governing config; folders holding both prefer tsconfig.json. */
export function loadTsConfigs(
  files: RepoFiles,
  readText: ReadText,
  locatePackageFile: PackageFileLocator,
): Map<string, TsPathsConfig> {
  const byDir = new Map<string, TsPathsConfig>();
  for (const name of [...CONFIG_NAMES].reverse()) {
    for (const path of files.withBaseName(name)) {
      const raw = readChain(path, files, readText, locatePackageFile, new Set(), 0);
      byDir.set(dirOf(path), toPathsConfig(dirOf(path), raw));
    }
  }
  return byDir;
}

/** The config governing a file: the nearest folder upwards that holds one. */
export function configFor(configs: Map<string, TsPathsConfig>, filePath: string): TsPathsConfig | null {
  let dir = dirOf(filePath);
  for (;;) {
    const found = configs.get(dir);
    if (found) return found;
    if (dir === '') return null;
    dir = dirOf(dir);
  }
}

function readChain(
  path: string,
  files: RepoFiles,
  readText: ReadText,
  locate: PackageFileLocator,
  seen: Set<string>,
  depth: number,
): RawOptions {
  if (seen.has(path) || depth > MAX_EXTENDS_DEPTH) return {};
  seen.add(path);
  const text = readText(path);
  const json = text === null ? null : parseJsonc(text);
  if (!isRecord(json)) return {};
  let merged: RawOptions = {};
  for (const parent of extendsList(json['extends'])) {
    const parentPath = locateExtends(dirOf(path), parent, files, locate);
    if (parentPath !== null) merged = { ...merged, ...readChain(parentPath, files, readText, locate, seen, depth + 1) };
  }
  const options = json['compilerOptions'];
  if (!isRecord(options)) return merged;
  const own: RawOptions = {};
  for (const key of ['baseUrl', 'outDir', 'rootDir'] as const) {
    const value = options[key];
    if (typeof value === 'string') own[key] = { value, from: dirOf(path) };
  }
  if (isRecord(options['paths'])) own.paths = { value: options['paths'], from: dirOf(path) };
  return { ...merged, ...own };
}

function extendsList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function locateExtends(dir: string, spec: string, files: RepoFiles, locate: PackageFileLocator): string | null {
  const candidates: string[] = [];
  if (spec.startsWith('.')) {
    const base = joinPath(dir, spec);
    if (base !== null) candidates.push(base, `${base}.json`, `${base}/tsconfig.json`);
  } else {
    const located = locate(spec);
    if (located !== null) candidates.push(located, `${located}.json`, `${located}/tsconfig.json`);
  }
  return candidates.find((c) => files.has(c)) ?? null;
}

function toPathsConfig(dir: string, raw: RawOptions): TsPathsConfig {
  const baseUrl = raw.baseUrl ? joinPath(raw.baseUrl.from, raw.baseUrl.value) : null;
  const paths: PathMapping[] = [];
  if (raw.paths) {
    const targetBase = baseUrl ?? raw.paths.from;
    for (const [pattern, targets] of Object.entries(raw.paths.value)) {
      const mapping = toMapping(pattern, targets, targetBase);
      if (mapping) paths.push(mapping);
    }
  }
  paths.sort((a, b) => b.prefix.length - a.prefix.length);
  const outDir = raw.outDir ? joinPath(raw.outDir.from, raw.outDir.value) : null;
  const rootDir = raw.rootDir ? joinPath(raw.rootDir.from, raw.rootDir.value) : null;
  return { dir, baseUrl, paths, outDir, rootDir };
}

function toMapping(pattern: string, targets: unknown, targetBase: string): PathMapping | null {
  if (!Array.isArray(targets)) return null;
  const star = pattern.indexOf('*');
  if (star >= 0 && pattern.indexOf('*', star + 1) >= 0) return null;
  const resolved = targets
    .filter((t): t is string => typeof t === 'string')
    .map((t) => joinPath(targetBase, t))
    .filter((t): t is string => t !== null);
  if (star < 0) return { prefix: pattern, suffix: '', hasStar: false, targets: resolved };
  return { prefix: pattern.slice(0, star), suffix: pattern.slice(star + 1), hasStar: true, targets: resolved };
}

/** Candidate repo paths for a specifier under the config's `paths`, best pattern first. */
export function pathsCandidates(config: TsPathsConfig, specifier: string): string[] {
  const exact = config.paths.find((m) => !m.hasStar && m.prefix === specifier);
  if (exact) return [...exact.targets];
  for (const mapping of config.paths) {
    if (!mapping.hasStar) continue;
    const captured = matchPattern(mapping, specifier);
    if (captured === null) continue;
    return mapping.targets.map((t) => t.replace('*', captured));
  }
  return [];
}

function matchPattern(mapping: PathMapping, specifier: string): string | null {
  const fits =
    specifier.length >= mapping.prefix.length + mapping.suffix.length &&
    specifier.startsWith(mapping.prefix) &&
    specifier.endsWith(mapping.suffix);
  return fits ? specifier.slice(mapping.prefix.length, specifier.length - mapping.suffix.length) : null;
}

export function isConfigFile(path: string): boolean {
  return CONFIG_NAMES.includes(baseOf(path));
}
