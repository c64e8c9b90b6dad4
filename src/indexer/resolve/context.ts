// Everything import resolution needs about the repository, gathered once per index run:
// the file list, tsconfig/jsconfig chains, workspace packages, go.mod modules, Python
// source roots and Rust crates. Building it reads only the few config files it needs.

import { baseOf } from './paths.js';
import { findGoModules, type GoResolveData } from './go.js';
import { findPythonRoots, isPythonRootMarker, type PythonResolveData } from './python.js';
import { indexRepoFiles, type RepoFiles } from './repo-files.js';
import { findRustCrates, type RustResolveData } from './rust.js';
import { isConfigFile, loadTsConfigs, type ReadText } from './ts-config.js';
import { loadWorkspacePackages, locateInPackages, type WorkspacePackage } from './ts-packages.js';
import type { TsResolveData } from './typescript.js';

export interface ResolveContext {
  /** Absolute repository root, for the record; every path inside is repo-relative. */
  root: string;
  files: RepoFiles;
  ts: TsResolveData;
  python: PythonResolveData;
  go: GoResolveData;
  rust: RustResolveData;
}

/**
 * `paths` are repo-relative with forward slashes; `readText` receives such a path and
 * returns the file's text, or null when it cannot be read (it is only asked for
 * tsconfig/jsconfig, package.json, go.mod and Cargo.toml files).
 */
export function buildResolveContext(root: string, paths: string[], readText: ReadText): ResolveContext {
  const files = indexRepoFiles(paths);
  const safeRead = guardReader(readText);
  const packages = loadWorkspacePackages(files, safeRead);
  const packagesByDir = new Map<string, WorkspacePackage>();
  for (const pkg of packages.values()) packagesByDir.set(pkg.dir, pkg);
  const configs = loadTsConfigs(files, safeRead, (spec) => locateInPackages(packages, spec));
  return {
    root,
    files,
    ts: { configs, packages, packagesByDir },
    python: findPythonRoots(files),
    go: findGoModules(files, safeRead),
    rust: findRustCrates(files, safeRead),
  };
}

/** A reader that fails is treated like a missing file: resolution gets poorer, never stops. */
function guardReader(readText: ReadText): ReadText {
  return (path) => {
    try {
      return readText(path);
    } catch {
      return null;
    }
  };
}

const CONTEXT_FILE_NAMES = new Set(['package.json', 'go.mod', 'Cargo.toml']);

/**
 * True when a changed file's content feeds the context itself (configs, manifests,
 * package markers). Adding or deleting any file also changes the context, since
 * probing sees the file list: rebuild the context whenever the path set changes too.
 */
export function affectsResolveContext(path: string): boolean {
  return isConfigFile(path) || CONTEXT_FILE_NAMES.has(baseOf(path)) || isPythonRootMarker(path);
}
