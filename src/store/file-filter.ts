// FileFilter semantics in one place, for adapters that filter in their own query language
// and for services that filter results they assembled themselves (e.g. ranker anchors).

import picomatch from 'picomatch';
import type { FileRecord } from '../core/entities.js';
import type { FileFilter } from './curated.js';

/**
 * Path patterns as in .gitignore: a pattern that matches a folder takes everything under
 * it (`src/middleware`, `src/middleware/*`), a pattern without a slash matches a name at
 * any depth (`*.ts`, `index.ts`), a leading `/` anchors it at the root, and a leading
 * `./` or trailing `/` is ignored. Dotfiles count as ordinary files: `**\/*.yml` must see
 * `.github/workflows/ci.yml`.
 */
export function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const matchers = patterns.map(compilePattern);
  const matchesAny = (candidate: string): boolean => matchers.some((matches) => matches(candidate));
  return (path) => {
    // The path itself, then each folder above it, longest first.
    for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
      if (matchesAny(path.slice(0, end))) return true;
    }
    return false;
  };
}

function compilePattern(pattern: string): (path: string) => boolean {
  let text = pattern.trim().replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  const anchored = text.startsWith('/');
  text = text.replace(/^\/+/, '');
  if (text === '' || text === '.') return () => true; // the repository root: everything
  return picomatch(text, { dot: true, basename: !anchored && !text.includes('/') });
}

/** Empty lists restrict nothing, like absent ones; only `includeTests: false` drops tests. */
export function fileMatcher(filter: FileFilter | undefined): (file: FileRecord) => boolean {
  if (!filter) return () => true;
  const languages = filter.languages?.length ? new Set<string>(filter.languages) : null;
  const kinds = filter.kinds?.length ? new Set<string>(filter.kinds) : null;
  const paths = filter.pathGlobs?.length ? pathMatcher(filter.pathGlobs) : null;
  return (file) =>
    (languages === null || languages.has(file.language)) &&
    (kinds === null || kinds.has(file.kind)) &&
    (filter.includeTests !== false || !file.isTest) &&
    (paths === null || paths(file.path));
}
