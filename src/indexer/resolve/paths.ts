// Repository-relative path arithmetic (forward slashes, no leading "./", "" is the root).
// node:path/posix is not used because it keeps ".." above the root and "./" prefixes,
// which would create paths that can never match a repository file.

/** The folder of a repo path: "a/b/c.ts" → "a/b", "c.ts" → "". */
export function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/** The last segment: "a/b/c.ts" → "c.ts". */
export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The extension with its dot, of the last segment only: "a/b.d.ts" → ".ts", "Makefile" → "". */
export function extOf(path: string): string {
  const base = baseOf(path);
  const at = base.lastIndexOf('.');
  return at <= 0 ? '' : base.slice(at);
}

/**
 * Joins and normalises segments, resolving "." and "..". Returns null when ".." climbs
 * above the repository root, since such a target can never be a repository file.
 */
export function joinPath(...parts: string[]): string | null {
  const out: string[] = [];
  for (const part of parts) {
    for (const segment of part.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (out.length === 0) return null;
        out.pop();
        continue;
      }
      out.push(segment);
    }
  }
  return out.join('/');
}

/** True when `path` is `dir` itself or lies below it ("" contains everything). */
export function isUnder(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`);
}

/** Sorted, deduplicated copy without `exclude` (resolution results never name the importer). */
export function finishPaths(paths: Iterable<string>, exclude: string): string[] {
  const set = new Set(paths);
  set.delete(exclude);
  return [...set].sort();
}
