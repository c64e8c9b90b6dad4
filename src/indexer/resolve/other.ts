// Best-effort resolution for regex-extracted languages whose imports name files:
// C/C++ `#include "x.h"`, Ruby `require`/`require_relative`, PHP `require` and
// namespaced `use`, shell `source`. Namespace imports without files (C#, Swift) are external.

import { dirOf, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';

/** C/C++: next to the includer first (as compilers do for quoted includes), then by suffix. */
export function resolveInclude(specifier: string, fromPath: string, files: RepoFiles): string[] {
  const local = joinPath(dirOf(fromPath), specifier);
  if (local !== null && files.has(local)) return [local];
  return bySuffix(specifier, files, fromPath);
}

/** Ruby: "./x" (require_relative) from the file's folder; "a/b" by suffix under any load path. */
export function resolveRuby(specifier: string, fromPath: string, files: RepoFiles): string[] {
  const withExt = specifier.endsWith('.rb') ? specifier : `${specifier}.rb`;
  if (specifier.startsWith('.')) {
    const local = joinPath(dirOf(fromPath), withExt);
    return local !== null && files.has(local) ? [local] : [];
  }
  return bySuffix(withExt, files, fromPath);
}

/** PHP: a file path relative to the includer, or a namespaced class by PSR-4-like suffix. */
export function resolvePhp(specifier: string, fromPath: string, files: RepoFiles): string[] {
  if (specifier.includes('\\') || !specifier.includes('.')) {
    const segments = specifier.split('\\').filter((s) => s !== '');
    // PSR-4 maps a vendor prefix onto a folder (App\ → src/), so drop leading segments.
    for (let start = 0; start < segments.length - 1 || start === 0; start++) {
      const found = bySuffix(`${segments.slice(start).join('/')}.php`, files, fromPath);
      if (found.length > 0) return found;
      if (segments.length - start <= 2) break;
    }
    return [];
  }
  const local = joinPath(dirOf(fromPath), specifier);
  if (local !== null && files.has(local)) return [local];
  return bySuffix(specifier.replace(/^\.?\//, ''), files, fromPath);
}

/** Shell: relative to the sourcing script, then to the repository root. */
export function resolveShell(specifier: string, fromPath: string, files: RepoFiles): string[] {
  for (const candidate of [joinPath(dirOf(fromPath), specifier), joinPath(specifier)]) {
    if (candidate !== null && files.has(candidate)) return [candidate];
  }
  return [];
}

function bySuffix(suffix: string, files: RepoFiles, fromPath: string): string[] {
  const clean = joinPath(suffix);
  if (clean === null || clean === '') return [];
  const base = clean.slice(clean.lastIndexOf('/') + 1);
  const found = files.withBaseName(base).filter((p) => p === clean || p.endsWith(`/${clean}`));
  if (found.length <= 1) return found;
  // Several headers of one name (per-platform copies): the one nearest the includer.
  const depthShared = (p: string): number => commonPrefix(dirOf(p), dirOf(fromPath));
  const best = Math.max(...found.map(depthShared));
  return found.filter((p) => depthShared(p) === best);
}

function commonPrefix(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n] && x[n] !== '') n++;
  return n;
}
