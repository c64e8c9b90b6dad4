// A run's memo of the index lookups the ranker, the stages and assembly repeat — a file's
// record, a file's symbols, a symbol by key (asked for thousands of times over a few
// hundred records), and a file's imports, importers, references and co-change neighbours. The index is opened read-only for the run, so a memo cannot go stale
// within it; a new run starts a new memo.

import type { CuratedReader } from '../../store/curated.js';

export function memoizedReader(reader: CuratedReader): CuratedReader {
  const byPath = <T>(load: (path: string) => T): ((path: string) => T) => {
    const cache = new Map<string, T>();
    return (path) => remember(cache, path, () => load(path));
  };
  const coChange = new Map<string, ReturnType<CuratedReader['coChangeNeighbours']>>();
  const memo: Partial<CuratedReader> = {
    file: byPath((path) => reader.file(path)),
    symbolsOfFile: byPath((path) => reader.symbolsOfFile(path)),
    symbol: byPath((key) => reader.symbol(key)),
    // Scope asks these of its seeds, assembly again of every candidate file (seeds included).
    importsOf: byPath((path) => reader.importsOf(path)),
    importedBy: byPath((path) => reader.importedBy(path)),
    fileReferencesFrom: byPath((path) => reader.fileReferencesFrom(path)),
    fileReferencesTo: byPath((path) => reader.fileReferencesTo(path)),
    referencesFrom: byPath((keyOrPath) => reader.referencesFrom(keyOrPath)),
    referencesTo: byPath((keyOrPath) => reader.referencesTo(keyOrPath)),
    coChangeNeighbours: (path, minCount) => remember(coChange, `${minCount ?? ''}\n${path}`, () => reader.coChangeNeighbours(path, minCount)),
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
