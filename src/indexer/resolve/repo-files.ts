// The repository's file list, indexed the ways resolution asks about it: does a path
// exist, which files does a folder hold directly, and which paths end in a given name.

import { baseOf, dirOf } from './paths.js';

export interface RepoFiles {
  has(path: string): boolean;
  /** Files directly inside `dir` (not below it), sorted. */
  filesIn(dir: string): readonly string[];
  /** True when some file lies below `dir`. */
  isDir(dir: string): boolean;
  /** Every file whose last segment is `name`, sorted. */
  withBaseName(name: string): readonly string[];
  /** Every folder whose last segment is `name`, sorted. */
  dirsNamed(name: string): readonly string[];
  readonly all: readonly string[];
}

const EMPTY: readonly string[] = Object.freeze([]);

export function indexRepoFiles(paths: readonly string[]): RepoFiles {
  const all = [...new Set(paths)].sort();
  const set = new Set(all);
  const byDir = new Map<string, string[]>();
  const byBase = new Map<string, string[]>();
  const dirs = new Set<string>(['']);
  for (const path of all) {
    const dir = dirOf(path);
    pushTo(byDir, dir, path);
    pushTo(byBase, baseOf(path), path);
    for (let d = dir; d !== '' && !dirs.has(d); d = dirOf(d)) dirs.add(d);
  }
  const dirsByName = new Map<string, string[]>();
  for (const dir of [...dirs].sort()) if (dir !== '') pushTo(dirsByName, baseOf(dir), dir);
  return {
    all,
    has: (path) => set.has(path),
    filesIn: (dir) => byDir.get(dir) ?? EMPTY,
    isDir: (dir) => dirs.has(dir),
    withBaseName: (name) => byBase.get(name) ?? EMPTY,
    dirsNamed: (name) => dirsByName.get(name) ?? EMPTY,
  };
}

function pushTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
