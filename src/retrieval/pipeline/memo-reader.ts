// A run's memo of the index lookups the ranker, the stages and assembly repeat — a file's
// record, a file's symbols, a symbol by key — asked for thousands of times over a few
// hundred records. The index is opened read-only for the run, so a memo cannot go stale
// within it; a new run starts a new memo.

import type { FileRecord, SymbolRecord } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';

export function memoizedReader(reader: CuratedReader): CuratedReader {
  const files = new Map<string, FileRecord | null>();
  const fileSymbols = new Map<string, SymbolRecord[]>();
  const symbols = new Map<string, SymbolRecord | null>();
  const memo: Partial<CuratedReader> = {
    file: (path) => remember(files, path, () => reader.file(path)),
    symbolsOfFile: (path) => remember(fileSymbols, path, () => reader.symbolsOfFile(path)),
    symbol: (key) => remember(symbols, key, () => reader.symbol(key)),
  };
  return new Proxy(reader, {
    get(target, property, receiver) {
      if (typeof property === 'string' && Object.hasOwn(memo, property)) return memo[property as keyof CuratedReader];
      return Reflect.get(target, property, receiver);
    },
  });
}

function remember<T>(cache: Map<string, T>, key: string, load: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = load();
  cache.set(key, value);
  return value;
}
