// Whether a repository path is one the index could show: not inside `.git`, not inside the
// index directory, and not ignored — by the same ignore files and precedence the walker
// applies (ignore-rules.ts, ignore-files.ts). For readers of folders the index does not
// hold (diagnose's run directory and source-of-truth folders, read for an agent face),
// which must show no more than the index would. A folder that is ignored hides everything
// below it, as in the walk. Vendored folders are not secret and stay visible.

import path from 'node:path';
import { IGNORE_FILE_NAMES, folderIgnoreTexts, outerIgnoreContext } from './ignore-files.js';
import { enterFolder, ignoreVerdict, rootIgnoreRules, type IgnoreRules } from './ignore-rules.js';
import { nodeWalkFs, type WalkFs } from './walk-fs.js';

/** `relPath` is repository-relative with forward slashes; `isDirectory` as the walk would see it (links resolved). */
export type PathVisible = (relPath: string, isDirectory: boolean) => boolean;

export interface VisibilityOptions {
  /** The configured `index.exclude` patterns. */
  exclude: readonly string[];
  /** cairn's index directory (absolute): never visible when it lies inside the root. */
  indexDir: string | null;
}

const IGNORE_FILES = new Set<string>(IGNORE_FILE_NAMES);

export function indexVisibility(root: string, options: VisibilityOptions, fs: WalkFs = nodeWalkFs): PathVisible {
  const rootReal = fs.realpath(path.resolve(root));
  const internal = neverVisible(rootReal, options.indexDir, fs);
  const base = rootIgnoreRules({ exclude: options.exclude, ...outerIgnoreContext(fs, rootReal) });
  const folders = new Map<string, IgnoreRules | null>([['', enterFolder(base, '', folderIgnoreTexts(fs, rootReal, IGNORE_FILES, rootReal))]]);

  /** The rules inside a folder, or null when the folder itself is hidden (or lies in a hidden one). */
  const rulesIn = (folder: string): IgnoreRules | null => {
    const known = folders.get(folder);
    if (known !== undefined) return known;
    const slash = folder.lastIndexOf('/');
    const parent = rulesIn(slash === -1 ? '' : folder.slice(0, slash));
    const rules = parent === null || ignoreVerdict(parent, folder, true) === 'ignored' ? null : enterFolder(parent, `${folder}/`, folderIgnoreTexts(fs, path.join(rootReal, folder), IGNORE_FILES, rootReal));
    folders.set(folder, rules);
    return rules;
  };

  return (relPath, isDirectory) => {
    const clean = tidy(relPath);
    if (clean === '') return true;
    if (internal(clean)) return false;
    if (isDirectory) return rulesIn(clean) !== null;
    const slash = clean.lastIndexOf('/');
    const parent = rulesIn(slash === -1 ? '' : clean.slice(0, slash));
    return parent !== null && ignoreVerdict(parent, clean, false) !== 'ignored';
  };
}

/** `.git` (at any depth) and the index directory: never visible, whatever the ignore rules say. */
export function neverVisible(root: string, indexDir: string | null, fs: WalkFs = nodeWalkFs): (relPath: string) => boolean {
  const rootReal = fs.realpath(path.resolve(root));
  const indexRel = indexDir === null ? null : insideRoot(rootReal, realOrResolved(fs, indexDir));
  return (relPath) => {
    const clean = tidy(relPath);
    if (clean.split('/').includes('.git')) return true;
    return indexRel !== null && (indexRel === '' || clean === indexRel || clean.startsWith(`${indexRel}/`));
  };
}

function tidy(relPath: string): string {
  return relPath.replace(/^\.\/|\/+$/g, '');
}

/** `target` relative to the root with forward slashes, or null when it lies outside. */
function insideRoot(rootReal: string, target: string): string | null {
  const rel = path.relative(rootReal, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

function realOrResolved(fs: WalkFs, target: string): string {
  const resolved = path.resolve(target);
  try {
    return fs.realpath(resolved);
  } catch {
    return resolved;
  }
}
