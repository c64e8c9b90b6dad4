// A read-only walk of a folder that never leaves it: a symbolic link is followed only when
// its target (resolved in full) lies inside the folder, and a linked folder already seen
// is not walked again (no loops). Only stat and readdir calls: nothing is opened for
// writing, nothing is created. Special files (pipes, sockets, devices) are listed as
// skipped — opening a pipe would block.

import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compareText } from '../../core/compare.js';

export interface WalkedFile {
  /** Relative to the walked folder, with forward slashes (through the link, for a linked file). */
  path: string;
  /** The real location, for reading. */
  absolute: string;
  size: number;
  mtimeMs: number;
}

export interface SkippedEntry {
  path: string;
  reason: string;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedEntry[];
  /** True when the walk stopped at `maxEntries`. */
  cut: boolean;
}

export interface WalkOptions {
  /** Folders (by name) not descended into. */
  skipDirs?: ReadonlySet<string>;
  /** Stop after this many entries (a runaway folder must not stall a diagnosis). */
  maxEntries?: number;
  /** Relative paths (and everything below them) left out, unseen: not even listed as skipped. */
  exclude?: (path: string, isDirectory: boolean) => boolean;
}

const DEFAULT_MAX_ENTRIES = 200_000;

/** True when `inner` is `outer` or lies below it (both real, absolute paths). */
export function isWithin(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : `${outer}${sep}`);
}

/** Walks `root` (which must exist and be a folder); files in path order. */
export function walkInside(root: string, options: WalkOptions = {}): WalkResult {
  const realRoot = realpathSync(root);
  const result: WalkResult = { files: [], skipped: [], cut: false };
  const seenDirs = new Set<string>([realRoot]);
  const seenFiles = new Set<string>();
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  let entries = 0;
  const visit = (dir: string, relDir: string): void => {
    let names: Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareText(a.name, b.name));
    } catch (error) {
      result.skipped.push({ path: relDir || '.', reason: `folder cannot be read (${codeOf(error)})` });
      return;
    }
    for (const dirent of names) {
      if (++entries > maxEntries) {
        result.cut = true;
        return;
      }
      const name = dirent.name;
      const rel = relDir ? `${relDir}/${name}` : name;
      if (options.exclude?.(rel, isFolder(dirent, join(dir, name)))) continue;
      const target = resolveEntry(join(dir, name), realRoot, rel, result.skipped);
      if (target === null) continue;
      if (target.stats.isDirectory()) {
        if (options.skipDirs?.has(name) || seenDirs.has(target.real)) continue;
        seenDirs.add(target.real);
        visit(target.real, rel);
        if (result.cut) return;
      } else if (target.stats.isFile()) {
        if (seenFiles.has(target.real)) continue;
        seenFiles.add(target.real);
        result.files.push({ path: rel, absolute: target.real, size: target.stats.size, mtimeMs: target.stats.mtimeMs });
      } else {
        result.skipped.push({ path: rel, reason: 'not a regular file (a pipe, socket or device)' });
      }
    }
  };
  visit(realRoot, '');
  return result;
}

/** The entry's real path and stats, or null (recorded as skipped) when it is a link leaving the root or cannot be read. */
function resolveEntry(path: string, realRoot: string, rel: string, skipped: SkippedEntry[]): { real: string; stats: Stats } | null {
  try {
    const own = lstatSync(path);
    if (!own.isSymbolicLink()) return { real: path, stats: own };
    const real = realpathSync(path);
    if (!isWithin(realRoot, real)) {
      skipped.push({ path: rel, reason: `symbolic link to ${relative(realRoot, real) || real}, outside the folder: not followed` });
      return null;
    }
    return { real, stats: statSync(real) };
  } catch (error) {
    skipped.push({ path: rel, reason: `cannot be read (${codeOf(error)})` });
    return null;
  }
}

/** A folder, or a link to one (as the walk would enter it). */
function isFolder(dirent: Dirent, path: string): boolean {
  if (!dirent.isSymbolicLink()) return dirent.isDirectory();
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}
