// Workspace packages: every package.json in the repository with a `name`, so that
// `import x from "@scope/pkg/sub"` lands inside the monorepo package instead of being
// taken for an external dependency.

import { isRecord, parseJsonc } from './jsonc.js';
import { dirOf, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';
import type { ReadText } from './ts-config.js';

export interface WorkspacePackage {
  name: string;
  dir: string;
  /** Entry targets for the bare package name, repo-relative, most specific first. */
  entries: string[];
  /** `exports` subpaths ("./sub", "./*") → repo-relative targets. */
  subpaths: Map<string, string[]>;
}

/** Condition keys worth following, in the order a TypeScript-aware bundler would. */
const CONDITIONS = ['types', 'source', 'import', 'module', 'node', 'require', 'default'];

export function loadWorkspacePackages(files: RepoFiles, readText: ReadText): Map<string, WorkspacePackage> {
  const packages = new Map<string, WorkspacePackage>();
  for (const { dir, name, json } of namedManifests(files, readText)) {
    // Two package.json files with one name (fixtures, templates): the shallower one wins.
    const existing = packages.get(name);
    if (existing && existing.dir.split('/').length <= dir.split('/').length) continue;
    packages.set(name, readPackage(name, dir, json));
  }
  return packages;
}

/**
 * The folders whose package.json has a `name`, with that name, sorted by folder: the
 * workspace's packages. A package.json without one (vite's `types/package.json`: a version
 * and a comment) marks a folder, not a package.
 */
export function namedPackages(files: RepoFiles, readText: ReadText): { dir: string; name: string }[] {
  return namedManifests(files, readText).map(({ dir, name }) => ({ dir, name }));
}

interface NamedManifest {
  dir: string;
  name: string;
  json: Record<string, unknown>;
}

function namedManifests(files: RepoFiles, readText: ReadText): NamedManifest[] {
  const manifests: NamedManifest[] = [];
  for (const path of files.withBaseName('package.json')) {
    if (path.split('/').includes('node_modules')) continue;
    const text = readText(path);
    const json = text === null ? null : parseJsonc(text);
    if (!isRecord(json) || typeof json['name'] !== 'string' || json['name'] === '') continue;
    manifests.push({ dir: dirOf(path), name: json['name'], json });
  }
  return manifests;
}

function readPackage(name: string, dir: string, json: Record<string, unknown>): WorkspacePackage {
  const subpaths = new Map<string, string[]>();
  const exportsField = json['exports'];
  const entryTargets: string[] = [];
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) entryTargets.push(...conditionTargets(exportsField));
  else if (isRecord(exportsField)) {
    const keys = Object.keys(exportsField);
    if (keys.length > 0 && keys.every((k) => k.startsWith('.'))) {
      for (const key of keys) {
        const targets = conditionTargets(exportsField[key]);
        if (key === '.') entryTargets.push(...targets);
        else subpaths.set(key, inDir(dir, targets));
      }
    } else entryTargets.push(...conditionTargets(exportsField));
  }
  for (const field of ['source', 'types', 'typings', 'module', 'main']) {
    const value = json[field];
    if (typeof value === 'string') entryTargets.push(value);
  }
  return { name, dir, entries: inDir(dir, entryTargets), subpaths };
}

/** Every string target of an exports value, following conditions in preference order. */
function conditionTargets(value: unknown, depth = 0): string[] {
  if (depth > 5) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((v) => conditionTargets(v, depth + 1));
  if (!isRecord(value)) return [];
  const keys = Object.keys(value).sort((a, b) => conditionRank(a) - conditionRank(b));
  return keys.flatMap((k) => conditionTargets(value[k], depth + 1));
}

function conditionRank(key: string): number {
  const at = CONDITIONS.indexOf(key);
  return at < 0 ? CONDITIONS.length : at;
}

function inDir(dir: string, targets: string[]): string[] {
  const out: string[] = [];
  for (const target of targets) {
    const joined = joinPath(dir, target);
    if (joined !== null && !out.includes(joined)) out.push(joined);
  }
  return out;
}

/** Splits "@scope/pkg/a/b" → ["@scope/pkg", "a/b"], "pkg" → ["pkg", ""]. */
export function splitPackageSpecifier(specifier: string): [string, string] {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  return [parts.slice(0, nameLength).join('/'), parts.slice(nameLength).join('/')];
}

/** Maps "pkg/some/file" to "<pkg dir>/some/file" for a workspace package, else null. */
export function locateInPackages(packages: Map<string, WorkspacePackage>, specifier: string): string | null {
  const [name, rest] = splitPackageSpecifier(specifier);
  const pkg = packages.get(name);
  if (!pkg) return null;
  return joinPath(pkg.dir, rest);
}
