// Tasks about a package's public surface ("expose the PluginContext types", "missing export
// from the internal package", "switch to `export type *`") change the file that re-exports
// the package's names — a barrel — which the file priors otherwise rank below the code it
// gathers, and which shares few words with the task (it holds names, not prose). For such a
// task the barrels of the named workspace packages (or of every package when none is named)
// become candidates of their own, and keep their full weight.

import type { CuratedReader } from '../../store/curated.js';
import { isInsideAny } from '../query/workspace-packages.js';
import { isBarrel } from './priors.js';

/** Barrels listed at most: the surface of a workspace is a handful of files. */
const MAX_HUBS = 20;

/**
 * The re-export barrels of the given package folders (all code files when none), scored by
 * how many modules each re-exports (the package's main surface first), 0–1.
 */
export function exportHubs(reader: CuratedReader, packageDirs: readonly string[]): Map<string, number> {
  const counted: [string, number][] = [];
  for (const path of reader.filePaths()) {
    if (packageDirs.length > 0 && !isInsideAny(path, packageDirs)) continue;
    const file = reader.file(path);
    if (!file || file.kind !== 'code' || file.isTest || file.isExample || file.isVendored || file.isGenerated) continue;
    const imports = reader.importsOf(path);
    if (!isBarrel(file, { symbols: reader.symbolsOfFile(path), imports })) continue;
    counted.push([path, imports.filter((entry) => entry.kind === 'reexport').length]);
  }
  counted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const most = counted[0]?.[1] ?? 1;
  return new Map(counted.slice(0, MAX_HUBS).map(([path, reexports]) => [path, reexports / most]));
}
