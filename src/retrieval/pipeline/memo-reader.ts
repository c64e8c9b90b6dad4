// A memo of the index lookups the ranker, the stages and assembly repeat — the file list, a
// file's record, a file's symbols, a symbol by key (asked for thousands of times over a few
// hundred records), and a file's imports, importers, references and co-change neighbours.
//
// One memo serves every run of a retrieval session (a server answers many tasks over the
// same index, and tasks touch the same core files): it is emptied whenever the reader's
// content version moves, which happens when any connection commits to the index — a
// refresh, another process's `cairn index`. Within a run the version is not asked again:
// a run reads one state of the index (the reader holds it: store/sqlite/pinned-reader.ts).

import type { CuratedReader } from '../../store/curated.js';

/**
 * A cache that outgrows this is emptied (when the next run starts) rather than managed:
 * every entry is cheap to re-read. It bounds a long-lived session's memory by entries — a
 * file's symbols are the largest, ~10–20 kB for a typical file — while holding every file a
 * sympy-sized repository's tasks touch (2,087 files).
 */
const MAX_ENTRIES_PER_LOOKUP = 4096;

type Lookup = (key: string) => unknown;

export class ReadMemo {
  /** The reader the memo's answers came from: versions are per connection, so another reader starts it afresh. */
  private source: CuratedReader | null = null;
  private version: string | null = null;
  private readonly caches = new Map<string, Map<string, unknown>>();

  constructor(private readonly maxEntriesPerLookup: number = MAX_ENTRIES_PER_LOOKUP) {}

  /** A reader for one run: the memo's answers, checked first against the index's version. */
  reader(reader: CuratedReader): CuratedReader {
    // Each run reads the newest complete index (a reader stays on the state it opened until asked).
    reader.latest();
    const version = reader.contentVersion();
    if (reader !== this.source || version !== this.version) {
      this.caches.clear();
      this.source = reader;
      this.version = version;
    }
    const byKey = (name: string, load: Lookup): Lookup => {
      const cache = this.cacheFor(name);
      return (key) => remember(cache, key, load);
    };
    const coChange = byKey('coChangeNeighbours', (key) => {
      const [minCount, path] = splitOnce(key, '\n');
      return reader.coChangeNeighbours(path, minCount === '' ? undefined : Number(minCount));
    });
    const memo: Partial<CuratedReader> = {
      // The same list every run until the index changes: what is derived from it can be too (pathSuffixIndex).
      filePaths: (() => byKey('filePaths', () => reader.filePaths())('')) as CuratedReader['filePaths'],
      file: byKey('file', (path) => reader.file(path)) as CuratedReader['file'],
      symbolsOfFile: byKey('symbolsOfFile', (path) => reader.symbolsOfFile(path)) as CuratedReader['symbolsOfFile'],
      symbol: byKey('symbol', (key) => reader.symbol(key)) as CuratedReader['symbol'],
      // Scope asks these of its seeds, assembly again of every candidate file (seeds included).
      importsOf: byKey('importsOf', (path) => reader.importsOf(path)) as CuratedReader['importsOf'],
      importedBy: byKey('importedBy', (path) => reader.importedBy(path)) as CuratedReader['importedBy'],
      fileReferencesFrom: byKey('fileReferencesFrom', (path) => reader.fileReferencesFrom(path)) as CuratedReader['fileReferencesFrom'],
      fileReferencesTo: byKey('fileReferencesTo', (path) => reader.fileReferencesTo(path)) as CuratedReader['fileReferencesTo'],
      referencesFrom: byKey('referencesFrom', (key) => reader.referencesFrom(key)) as CuratedReader['referencesFrom'],
      referencesTo: byKey('referencesTo', (key) => reader.referencesTo(key)) as CuratedReader['referencesTo'],
      coChangeNeighbours: ((path, minCount) => coChange(`${minCount ?? ''}\n${path}`)) as CuratedReader['coChangeNeighbours'],
    };
    return new Proxy(reader, {
      get(target, property, receiver) {
        if (typeof property === 'string' && Object.hasOwn(memo, property)) return memo[property as keyof CuratedReader];
        return Reflect.get(target, property, receiver);
      },
    });
  }

  private cacheFor(name: string): Map<string, unknown> {
    let cache = this.caches.get(name);
    if (cache === undefined) {
      cache = new Map();
      this.caches.set(name, cache);
    }
    if (cache.size > this.maxEntriesPerLookup) cache.clear();
    return cache;
  }
}

function remember(cache: Map<string, unknown>, key: string, load: Lookup): unknown {
  if (cache.has(key)) return cache.get(key);
  const value = load(key);
  cache.set(key, value);
  return value;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + separator.length)];
}
