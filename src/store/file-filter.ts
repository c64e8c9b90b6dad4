// FileFilter semantics in one place, for adapters that filter in their own query language
// and for services that filter results they assembled themselves (e.g. ranker anchors).

import picomatch from 'picomatch';
import type { FileRecord } from '../core/entities.js';
import type { FileFilter } from './curated.js';

/** Dotfiles count as ordinary files: `**\/*.yml` must see `.github/workflows/ci.yml`. */
export function pathMatcher(globs: readonly string[]): (path: string) => boolean {
  return picomatch([...globs], { dot: true });
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
