// A file's metadata record at extraction time (see core/file-meta.ts): what it says it is
// for, its module and domain, and what it defines at the top level. Computed where the file
// is extracted, from the same text and definitions, and written with the file.

import type { Language, SymbolRecord } from '../../core/entities.js';
import { MAX_TOP_LEVEL_NAMES, type FileMetaRecord } from '../../core/file-meta.js';
import { moduleDoc } from './module-doc.js';
import { domainOf, moduleName } from './module-path.js';

/**
 * Bumped whenever a record comes out differently for the same bytes; an index whose files
 * were extracted with another version (or none) is re-extracted in full on its next run.
 */
export const FILE_META_VERSION = '1';
export const FILE_META_VERSION_META = 'fileMetaVersion';

export function fileMetaOf(path: string, language: Language, text: string | null, symbols: readonly SymbolRecord[]): FileMetaRecord {
  const topLevel: string[] = [];
  const seen = new Set<string>();
  for (const symbol of symbols) {
    if (symbol.parent !== null || seen.has(symbol.name)) continue;
    seen.add(symbol.name);
    topLevel.push(symbol.name);
    if (topLevel.length >= MAX_TOP_LEVEL_NAMES) break;
  }
  return {
    path,
    module: moduleName(path, language),
    domain: domainOf(path),
    doc: text === null ? null : moduleDoc(language, text),
    topLevel,
  };
}
