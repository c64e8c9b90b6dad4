// What reference resolution reads about the repository. The curated store's reader
// satisfies this interface as it is; `inMemorySymbolTable` builds one from plain arrays
// (tests, a full index run that still holds everything in memory).

import type { ImportRecord, SymbolRecord } from '../../core/entities.js';

export interface SymbolLookup {
  symbolsOfFile(path: string): readonly SymbolRecord[];
  /** Exact, case-sensitive name match across the repository. */
  symbolsByName(name: string): readonly SymbolRecord[];
  /** A file's imports with `toPaths` resolved. */
  importsOf(path: string): readonly ImportRecord[];
}

export function inMemorySymbolTable(symbols: Iterable<SymbolRecord>, imports: Iterable<ImportRecord>): SymbolLookup {
  const byFile = new Map<string, SymbolRecord[]>();
  const byName = new Map<string, SymbolRecord[]>();
  const importsByFile = new Map<string, ImportRecord[]>();
  for (const symbol of symbols) {
    push(byFile, symbol.path, symbol);
    push(byName, symbol.name, symbol);
  }
  for (const imp of imports) push(importsByFile, imp.fromPath, imp);
  return {
    symbolsOfFile: (path) => byFile.get(path) ?? [],
    symbolsByName: (name) => byName.get(name) ?? [],
    importsOf: (path) => importsByFile.get(path) ?? [],
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
