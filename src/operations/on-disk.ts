// Answers name only files that exist now. The index a request reads is the last complete
// one; a file deleted since (the live index has not caught up yet) is left out of the
// answer rather than named, so that a path an agent gets back can be opened.

import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { insideRepository } from '../core/repo-files.js';

export function existsInRepository(root: string, path: string): boolean {
  return lstatSync(join(root, path), { throwIfNoEntry: false }) !== undefined && insideRepository(root, path);
}

/** The entries whose path exists in the repository now (each path checked once). */
export function onDiskOnly<T>(root: string, entries: readonly T[], pathOf: (entry: T) => string): { kept: T[]; gone: number } {
  const seen = new Map<string, boolean>();
  const kept: T[] = [];
  let gone = 0;
  for (const entry of entries) {
    const path = pathOf(entry);
    let exists = seen.get(path);
    if (exists === undefined) {
      exists = existsInRepository(root, path);
      seen.set(path, exists);
    }
    if (exists) kept.push(entry);
    else gone += 1;
  }
  return { kept, gone };
}
