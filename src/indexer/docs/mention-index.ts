// Lookup tables for finding repository files and symbols mentioned in documentation.
// Built once per index run from every file path and symbol; then read-only.

import type { EntityKey } from '../../core/entities.js';
import { CODE_LANGUAGES, detectLanguage, fileName } from '../classify/language.js';
import { isExamplePath, isTestPath, isVendoredPath } from '../classify/roles.js';

export interface MentionSymbol {
  key: EntityKey;
  name: string;
  qualifiedName: string;
  path: string;
}

export interface IndexedSymbol extends MentionSymbol {
  /** Defined in ordinary source: not in a test, example or vendored file. */
  primary: boolean;
  /** Defined at module level (its qualified name is its name). */
  topLevel: boolean;
}

export interface MentionIndex {
  paths: ReadonlySet<string>;
  /** Path suffixes of two or more segments (never a whole path) → paths ending with them. */
  suffixes: ReadonlyMap<string, readonly string[]>;
  /** Names of files in a code language → their paths. */
  codeFileNames: ReadonlyMap<string, readonly string[]>;
  /** Dotted module names ("dask.dataframe.core", "com.acme.Foo") → files. */
  modules: ReadonlyMap<string, readonly string[]>;
  byName: ReadonlyMap<string, readonly IndexedSymbol[]>;
  byQualifiedName: ReadonlyMap<string, readonly IndexedSymbol[]>;
  /** path → qualified name → symbol. */
  symbolsInFile: ReadonlyMap<string, ReadonlyMap<string, MentionSymbol>>;
}

/** Languages whose code refers to files as dotted module paths. */
const DOTTED_MODULE_EXTENSIONS = /\.(py|pyi|java|kt|scala)$/;
/** Folders that hold a source tree rather than a package: module names also start below them. */
const SOURCE_ROOTS: ReadonlySet<string> = new Set(['src', 'lib', 'python', 'java', 'kotlin', 'scala']);

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** "src/pkg/mod.py" → ["src.pkg.mod", "pkg.mod"]; "pkg/__init__.py" → ["pkg"]. */
export function moduleNames(path: string): string[] {
  if (!DOTTED_MODULE_EXTENSIONS.test(path)) return [];
  const segments = path.replace(DOTTED_MODULE_EXTENSIONS, '').split('/');
  if (segments[segments.length - 1] === '__init__') segments.pop();
  if (segments.length === 0 || !segments.every((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s))) return [];
  const names = [segments.join('.')];
  segments.forEach((segment, i) => {
    if (SOURCE_ROOTS.has(segment) && i + 1 < segments.length) names.push(segments.slice(i + 1).join('.'));
  });
  return names;
}

/** `symbols` must have unique keys (as the curated store guarantees). */
export function buildMentionIndex(paths: readonly string[], symbols: readonly MentionSymbol[]): MentionIndex {
  const suffixes = new Map<string, string[]>();
  const codeFileNames = new Map<string, string[]>();
  const modules = new Map<string, string[]>();
  const unique = [...new Set(paths)];
  for (const path of unique) {
    const segments = path.split('/');
    for (let from = 1; from <= segments.length - 2; from++) add(suffixes, segments.slice(from).join('/'), path);
    if (CODE_LANGUAGES.has(detectLanguage(path, ''))) add(codeFileNames, fileName(path), path);
    for (const name of moduleNames(path)) add(modules, name, path);
  }
  const byName = new Map<string, IndexedSymbol[]>();
  const byQualifiedName = new Map<string, IndexedSymbol[]>();
  const symbolsInFile = new Map<string, Map<string, MentionSymbol>>();
  const primaryFile = new Map<string, boolean>();
  for (const { key, name, qualifiedName, path } of symbols) {
    let primary = primaryFile.get(path);
    if (primary === undefined) {
      primary = !isTestPath(path) && !isExamplePath(path) && !isVendoredPath(path);
      primaryFile.set(path, primary);
    }
    const symbol: IndexedSymbol = { key, name, qualifiedName, path, primary, topLevel: qualifiedName === name };
    add(byName, symbol.name, symbol);
    add(byQualifiedName, symbol.qualifiedName, symbol);
    let inFile = symbolsInFile.get(symbol.path);
    if (!inFile) symbolsInFile.set(symbol.path, (inFile = new Map()));
    if (!inFile.has(symbol.qualifiedName)) inFile.set(symbol.qualifiedName, symbol);
  }
  return { paths: new Set(unique), suffixes, codeFileNames, modules, byName, byQualifiedName, symbolsInFile };
}
