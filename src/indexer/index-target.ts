// Which index a run writes: the live one in place, or a staged full build that replaces
// it whole once complete (IndexTargets in store/curated.ts says why).

import type { IndexTargets, IndexWriter } from '../store/curated.js';

/**
 * The writer for this run: the live index in place when there is one (a stale staged
 * build, left by a killed rebuild, is dropped: the live index is newer), else the staged
 * build — resumed when a killed first index left one, from nothing for a rebuild.
 */
export function openTarget(options: { targets: IndexTargets; indexDir: string; rebuild?: boolean }): { writer: IndexWriter; staged: boolean } {
  const { targets, indexDir } = options;
  if (options.rebuild) {
    targets.discardStaged(indexDir);
    return { writer: targets.openStaged(indexDir), staged: true };
  }
  if (targets.hasLive(indexDir)) {
    if (targets.hasStaged(indexDir)) targets.discardStaged(indexDir);
    return { writer: targets.openLive(indexDir), staged: false };
  }
  return { writer: targets.openStaged(indexDir), staged: true };
}
