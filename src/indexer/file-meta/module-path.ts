// A file's module name and domain, from its path alone: the module as the language names
// it (Python and JVM dotted, Rust's crate path, Go's package folder, a JS/TS module path
// without its extension or `index`), and the domain — the area of the code base it
// belongs to, its first two package folders once source containers (`src/`, `lib/`,
// `packages/<name>/src/`, `src/main/java/`) are set aside.

import type { Language } from '../../core/entities.js';

/** Folders that hold code without naming what it is about. */
const CONTAINERS = new Set(['src', 'lib', 'source', 'sources', 'app', 'main', 'java', 'kotlin', 'scala', 'python', 'pkg', 'internal', 'cmd']);
/** Folders whose children are packages of a monorepo (`packages/vite/src/...`). */
const WORKSPACES = new Set(['packages', 'crates', 'libs', 'modules', 'apps']);
const DOMAIN_DEPTH = 2;

export function moduleName(path: string, language: Language): string {
  const folders = path.split('/');
  const file = folders.pop()!;
  const stem = file.replace(/\.[^.]+$/, '');
  switch (language) {
    case 'python':
      return dotted(withoutSourceRoot(folders), stem === '__init__' ? null : stem);
    case 'java':
    case 'kotlin':
    case 'scala':
      return dotted(withoutJvmRoot(folders), stem);
    case 'rust':
      return rustPath(folders, stem);
    case 'go':
      return folders.length === 0 ? '.' : folders.join('/');
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return [...folders, ...(stem === 'index' ? [] : [stem])].join('/') || stem;
    default:
      return path;
  }
}

/** The first package folders of a path with containers set aside; null for files at the top. */
export function domainOf(path: string): string | null {
  const folders = path.split('/').slice(0, -1);
  const kept: string[] = [];
  for (let at = 0; at < folders.length && kept.length < DOMAIN_DEPTH; at++) {
    const folder = folders[at]!;
    // A JVM build module (`core/src/main/java/org/acme/...`) is its own domain: what follows is a package path.
    if (folder === 'src' && kept.length > 0 && /^(main|test)$/.test(folders[at + 1] ?? '')) break;
    // A workspace's package name is kept: `packages/vite/src/node` is vite's node code.
    if (WORKSPACES.has(folder) && at + 1 < folders.length) continue;
    if (CONTAINERS.has(folder) || folder.startsWith('.')) continue;
    kept.push(folder);
  }
  return kept.length === 0 ? null : kept.join('/');
}

function dotted(folders: readonly string[], stem: string | null): string {
  const parts = [...folders, ...(stem === null ? [] : [stem])];
  return parts.length === 0 ? '.' : parts.join('.');
}

/** Python's `src/` layout: `src/pkg/mod.py` is module `pkg.mod`. */
function withoutSourceRoot(folders: readonly string[]): string[] {
  return folders[0] === 'src' || folders[0] === 'lib' ? folders.slice(1) : [...folders];
}

/** `src/main/java/org/x/Y.java` is `org.x.Y`; without that layout the path stands. */
function withoutJvmRoot(folders: readonly string[]): string[] {
  const at = folders.findIndex((folder, index) => folder === 'src' && (folders[index + 2] === 'java' || folders[index + 2] === 'kotlin' || folders[index + 2] === 'scala'));
  return at >= 0 ? folders.slice(at + 3) : [...folders];
}

/** `src/lib.rs` and `src/main.rs` are the crate; `src/io/mod.rs` is `crate::io`. */
function rustPath(folders: readonly string[], stem: string): string {
  const at = folders.lastIndexOf('src');
  const inside = at >= 0 ? folders.slice(at + 1) : [...folders];
  const leaf = stem === 'mod' || ((stem === 'lib' || stem === 'main') && inside.length === 0) ? [] : [stem];
  return ['crate', ...inside, ...leaf].join('::');
}
