// Java (and Kotlin/Scala) import resolution by suffix: source roots are never declared,
// but a class a.b.C lives in a file ending in a/b/C.java under whichever root it is.

import { dirOf } from './paths.js';
import type { RepoFiles } from './repo-files.js';

const JVM_EXTENSIONS = ['.java', '.kt', '.scala'];

export function resolveJvmSpecifier(specifier: string, names: string[], fromPath: string, files: RepoFiles): string[] {
  const segments = specifier.split('.').filter((s) => s !== '');
  if (segments.length === 0) return [];
  if (names.includes('*')) {
    // One package may span source roots (main and test): a wildcard sees all of them.
    const inPackage = packageFiles(segments, files);
    if (inPackage.length > 0) return inPackage;
  }
  return nearest(classFiles(segments, files), fromPath);
}

/** Every JVM source file in a folder whose path ends in the package's segments. */
function packageFiles(segments: string[], files: RepoFiles): string[] {
  const suffix = segments.join('/');
  const out: string[] = [];
  for (const dir of files.dirsNamed(segments[segments.length - 1]!)) {
    if (dir !== suffix && !dir.endsWith(`/${suffix}`)) continue;
    out.push(...files.filesIn(dir).filter(isJvmSource));
  }
  return out;
}

/** The class file, dropping trailing segments for nested classes and static members. */
function classFiles(segments: string[], files: RepoFiles): string[] {
  const minimum = Math.min(2, segments.length);
  for (let k = segments.length; k >= minimum; k--) {
    const suffix = segments.slice(0, k).join('/');
    const found: string[] = [];
    for (const ext of JVM_EXTENSIONS) {
      for (const path of files.withBaseName(segments[k - 1] + ext)) {
        if (path === suffix + ext || path.endsWith(`/${suffix}${ext}`)) found.push(path);
      }
    }
    if (found.length > 0) return found;
  }
  return [];
}

function isJvmSource(path: string): boolean {
  return JVM_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/**
 * When several modules hold the same class (copies, fixtures), keep the files whose
 * source root shares the longest folder prefix with the importer.
 */
function nearest(paths: string[], fromPath: string): string[] {
  if (paths.length <= 1) return paths;
  const scored = paths.map((p) => ({ p, score: sharedPrefixSegments(dirOf(p), fromPath) }));
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.p);
}

function sharedPrefixSegments(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

