// Which paths the live index's watcher leaves alone: the index directory (cairn's own
// writes would otherwise start a refresh after every refresh), git's internals except HEAD
// (a checkout or commit moves it), vendored and build folders (unless the configuration
// indexes them), and what the root's ignore files and `index.exclude` ignore. Watching
// less also keeps the watcher inside the system's limit on watched folders. Anything it
// lets through only costs a refresh that finds nothing to do.

import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { IndexConfig } from '../../config/schema.js';
import { IGNORE_FILE_NAMES } from '../walk/ignore-files.js';
import { enterFolder, ignoreVerdict, rootIgnoreRules } from '../walk/ignore-rules.js';
import { isVendoredFolderName } from '../walk/vendored-dirs.js';

export type WatchIgnored = (absolutePath: string, isDirectory?: boolean) => boolean;

export function watchFilter(root: string, indexDir: string, config: Pick<IndexConfig, 'exclude' | 'includeVendored'>): WatchIgnored {
  const texts = IGNORE_FILE_NAMES.map((name) => readQuietly(join(root, name))).filter((text) => text !== '');
  const rules = enterFolder(rootIgnoreRules({ exclude: config.exclude, outer: [], infoExclude: null }), '', texts);
  return (absolutePath, isDirectory) => {
    if (absolutePath === indexDir || absolutePath.startsWith(`${indexDir}${sep}`)) return true;
    const rel = relative(root, absolutePath);
    if (rel === '' ) return false;
    if (rel.startsWith('..')) return true;
    const parts = rel.split(sep);
    if (parts[0] === '.git') return !(parts.length === 1 || (parts.length === 2 && parts[1] === 'HEAD'));
    if (!config.includeVendored && parts.slice(0, isDirectory === false ? -1 : parts.length).some((part) => isVendoredFolderName(part, new Set()))) return true;
    return ignoreVerdict(rules, parts.join('/'), isDirectory === true) === 'ignored';
  };
}

function readQuietly(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
