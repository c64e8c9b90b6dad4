// The local cache of checked-out index generations: `<cache>/<repository>/generation-<n>-<sha16>/`,
// each folder holding a generation's files and, written last before the folder is renamed
// into place, a `.complete` mark. Read here without a connection: a query thread of `cairn
// serve` (which cannot load libpq) opens the generation its main thread checked out.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Marks a cached generation folder as complete and verified. */
export const COMPLETE = '.complete';

const FOLDER = /^generation-(\d+)-[0-9a-f]+$|^generation-(\d+)-empty$/;

/** The folder a repository's generations are cached under. */
export function repositoryCacheDir(cacheDir: string, repository: string): string {
  return join(cacheDir, ...repository.split('/'));
}

/** The newest complete generation of `repository` in the cache, or null when none was checked out. */
export function newestCheckout(cacheDir: string, repository: string): { dir: string; generation: number } | null {
  const folder = repositoryCacheDir(cacheDir, repository);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return null;
  }
  let newest: { dir: string; generation: number } | null = null;
  for (const name of names) {
    const match = FOLDER.exec(name);
    if (match === null) continue;
    const generation = Number(match[1] ?? match[2]);
    const dir = join(folder, name);
    if ((newest === null || generation > newest.generation) && existsSync(join(dir, COMPLETE))) newest = { dir, generation };
  }
  return newest;
}
