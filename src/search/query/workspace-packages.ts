// Workspace packages named by a task. A monorepo (`packages/*/`, each with its own
// package.json) is many projects: a task scoped to one of them (`fix(react-query): …`)
// is about that package's code, and the same words match in every sibling package (each
// framework adapter has its own `useQuery`). Resolved here; the ranker's file priors
// lower the files outside the named packages.

import { parseWorkspacePackages, WORKSPACE_PACKAGES_META } from '../../core/workspace-packages.js';
import type { CuratedReader } from '../../store/curated.js';

const MANIFEST = 'package.json';
/** A scope matching more packages than this names a kind of package, not one of them. */
const MAX_SCOPED_PACKAGES = 4;

export interface WorkspacePackage {
  dir: string;
  /** The package.json's `name`; null in an index built before packages were recorded. */
  name: string | null;
}

/**
 * The workspace's own packages: the folders holding a package.json with a `name`, other
 * than the repository root and the packages of tests, examples, vendored and generated code.
 */
export function workspacePackages(reader: CuratedReader, paths: readonly string[] = reader.filePaths()): WorkspacePackage[] {
  // Only a package.json with a `name` makes a package (recorded at index time); an index
  // built before the record existed counts every one until its next run records it.
  const named = parseWorkspacePackages(reader.meta(WORKSPACE_PACKAGES_META));
  const packages: WorkspacePackage[] = [];
  for (const path of paths) {
    if (!path.endsWith(`/${MANIFEST}`)) continue;
    const dir = path.slice(0, -MANIFEST.length - 1);
    if (named && !named.has(dir)) continue;
    const file = reader.file(path);
    if (!file || file.isTest || file.isExample || file.isVendored || file.isGenerated) continue;
    packages.push({ dir, name: named?.get(dir) ?? null });
  }
  return packages;
}

export function workspacePackageDirs(reader: CuratedReader, paths?: readonly string[]): string[] {
  return workspacePackages(reader, paths).map((pkg) => pkg.dir);
}

/**
 * The packages a title names outright by a package-like word (anchors.ts `packageWords`):
 * its folder name (`create-react-router`) or its package name (`@trpc/client`). None when
 * the repository is not a workspace or a word names too many.
 */
export function titleNamedPackageDirs(packages: readonly WorkspacePackage[], words: readonly string[]): string[] {
  if (packages.length < 2 || words.length === 0) return [];
  const named = new Set<string>();
  for (const word of words) {
    const hits = packages.filter((pkg) => folderName(pkg.dir) === word || pkg.name?.toLowerCase() === word);
    if (hits.length === 0 || hits.length > MAX_SCOPED_PACKAGES) continue;
    for (const pkg of hits) named.add(pkg.dir);
  }
  return [...named];
}

/**
 * A hyphenated scope that leaves out part of a package's name (`vue-devtools` for
 * vue-query-devtools, `eslint-plugin` for eslint-plugin-query): the one package whose
 * hyphenated folder name holds every word of it. None when no package or several do.
 */
function shortenedScopeHits(packageDirs: readonly string[], scope: string): string[] {
  const words = scope.split('-');
  // A single word (`node`, `build`, `client`) names a component or folder as often as a package.
  if (words.length < 2) return [];
  const hits = packageDirs.filter((dir) => {
    const folderWords = new Set(folderName(dir).split('-'));
    return words.every((word) => folderWords.has(word));
  });
  return hits.length === 1 ? hits : [];
}

function folderName(dir: string): string {
  return dir.slice(dir.lastIndexOf('/') + 1).toLowerCase();
}

/**
 * The package folders the scopes name, by folder name (`query-core` → packages/query-core),
 * or by part of it when only one package fits (shortenedScopeHits).
 * None when the repository is not a workspace, when no
 * scope names a package, or when a scope names too many to point anywhere.
 */
export function scopedPackageDirs(packageDirs: readonly string[], scopes: readonly string[]): string[] {
  if (packageDirs.length < 2 || scopes.length === 0) return [];
  const named = new Set<string>();
  for (const scope of scopes) {
    const exact = packageDirs.filter((dir) => folderName(dir) === scope);
    const hits = exact.length > 0 ? exact : shortenedScopeHits(packageDirs, scope);
    if (hits.length === 0 || hits.length > MAX_SCOPED_PACKAGES) continue;
    for (const dir of hits) named.add(dir);
  }
  return [...named];
}

/** Whether a file lies inside one of the folders. */
export function isInsideAny(path: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => path.startsWith(`${dir}/`));
}
