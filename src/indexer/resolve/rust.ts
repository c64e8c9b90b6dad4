// Rust `use` and `mod` resolution. A file's module path follows from where it sits under
// its crate's source folder (src/a/b.rs and src/a/b/mod.rs are both crate::a::b); a use
// path resolves to the deepest module file that exists, plus imported names that are
// themselves submodules.

import { dirOf, isUnder, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';
import type { ReadText } from './ts-config.js';

export interface RustCrate {
  /** The crate name as written in `use` paths (hyphens become underscores). */
  name: string;
  /** Folder of Cargo.toml. */
  dir: string;
}

export interface RustResolveData {
  crates: RustCrate[];
  byName: Map<string, RustCrate>;
}

/** Where a module tree is rooted and where the importing file sits in it. */
interface ModuleLocation {
  rootDir: string;
  path: string[];
}

export function findRustCrates(files: RepoFiles, readText: ReadText): RustResolveData {
  const crates: RustCrate[] = [];
  for (const manifest of files.withBaseName('Cargo.toml')) {
    const name = crateName(readText(manifest) ?? '');
    crates.push({ name: name ?? '', dir: dirOf(manifest) });
  }
  crates.sort((a, b) => b.dir.length - a.dir.length || (a.dir < b.dir ? -1 : 1));
  const byName = new Map<string, RustCrate>();
  for (const crate of crates) if (crate.name !== '' && !byName.has(crate.name)) byName.set(crate.name, crate);
  return { crates, byName };
}

/** `name` from [lib] (it renames the library) or else [package] of a Cargo.toml. */
function crateName(toml: string): string | null {
  let section = '';
  let packageName: string | null = null;
  let libName: string | null = null;
  for (const line of toml.split('\n')) {
    const header = /^\s*\[([^\]]*)\]/.exec(line);
    if (header) section = header[1]!.trim();
    const entry = /^\s*name\s*=\s*["']([^"']+)["']/.exec(line);
    if (!entry) continue;
    if (section === 'package') packageName = entry[1]!;
    if (section === 'lib') libName = entry[1]!;
  }
  const name = libName ?? packageName;
  return name === null ? null : name.replace(/-/g, '_');
}

function locate(filePath: string, data: RustResolveData): ModuleLocation {
  const crate = data.crates.find((c) => isUnder(filePath, c.dir));
  const srcDir = crate ? joinPath(crate.dir, 'src') : null;
  const dir = dirOf(filePath);
  // Crate roots outside src/ (tests/, examples/, benches/, src/bin/) root their own tree.
  if (srcDir === null || !isUnder(filePath, srcDir) || dir === joinPath(srcDir, 'bin')) {
    return { rootDir: dir, path: [] };
  }
  const rel = filePath.slice(srcDir === '' ? 0 : srcDir.length + 1).replace(/\.rs$/, '').split('/');
  const last = rel[rel.length - 1];
  const isModuleRoot = last === 'mod' || (rel.length === 1 && (last === 'lib' || last === 'main'));
  return { rootDir: srcDir, path: isModuleRoot ? rel.slice(0, -1) : rel };
}

function crateRootLocation(crate: RustCrate): ModuleLocation {
  return { rootDir: joinPath(crate.dir, 'src') ?? 'src', path: [] };
}

function moduleFile(rootDir: string, path: string[], files: RepoFiles): string | null {
  const candidates =
    path.length === 0
      ? ['lib.rs', 'main.rs'].map((f) => joinPath(rootDir, f))
      : [joinPath(rootDir, ...path) + '.rs', joinPath(rootDir, ...path, 'mod.rs')];
  return candidates.find((c): c is string => c !== null && files.has(c)) ?? null;
}

/** The deepest existing module along `path` (down to `minDepth`), plus submodule names. */
function resolvePath(rootDir: string, path: string[], names: string[], minDepth: number, files: RepoFiles): string[] {
  const out: string[] = [];
  for (let k = path.length; k >= minDepth; k--) {
    const found = moduleFile(rootDir, path.slice(0, k), files);
    if (found) {
      out.push(found);
      break;
    }
  }
  if (out.length === 0 && path.length > 0 && minDepth > 0) return [];
  for (const name of names) {
    if (name === '*' || name === 'self' || name === '') continue;
    const sub = moduleFile(rootDir, [...path, name], files);
    if (sub) out.push(sub);
  }
  return out;
}

export function resolveRustSpecifier(
  specifier: string,
  names: string[],
  fromPath: string,
  files: RepoFiles,
  data: RustResolveData,
): string[] {
  if (specifier.startsWith('mod:')) {
    const here = locate(fromPath, data);
    const sub = moduleFile(here.rootDir, [...here.path, specifier.slice(4)], files);
    return sub ? [sub] : [];
  }
  const segments = specifier.split('::').filter((s) => s !== '');
  const head = segments[0];
  if (head === undefined) return [];
  const here = locate(fromPath, data);
  if (head === 'crate') {
    return resolvePath(here.rootDir, segments.slice(1), names, 0, files);
  }
  if (head === 'self' || head === 'super') return resolveRelative(segments, names, here, files);
  const crate = data.byName.get(head);
  if (crate) {
    const loc = crateRootLocation(crate);
    return resolvePath(loc.rootDir, segments.slice(1), names, 0, files);
  }
  // 2018 "uniform paths" name a child module of the current one; 2015 paths start at the crate root.
  const relative = resolvePath(here.rootDir, [...here.path, ...segments], names, here.path.length + 1, files);
  if (relative.length > 0) return relative;
  return resolvePath(here.rootDir, segments, names, 1, files);
}

function resolveRelative(segments: string[], names: string[], here: ModuleLocation, files: RepoFiles): string[] {
  const path = [...here.path];
  let i = 0;
  if (segments[0] === 'self') i = 1;
  while (segments[i] === 'super') {
    if (path.length === 0) return [];
    path.pop();
    i++;
  }
  const base = path.length;
  return resolvePath(here.rootDir, [...path, ...segments.slice(i)], names, base, files);
}

