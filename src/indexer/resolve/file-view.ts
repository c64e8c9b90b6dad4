// Per-file facts reference resolution asks for again and again, computed once per file
// and resolution run: the file's symbols by name and qualified name, and what its
// imports bind (names, module aliases, Go package names).

import type { ImportRecord, SymbolRecord } from '../../core/entities.js';
import { extOf } from './paths.js';
import type { SymbolLookup } from './symbol-table.js';

export type Family = 'js' | 'python' | 'go' | 'rust' | 'jvm' | 'c' | 'csharp' | 'ruby' | 'php' | 'swift' | 'shell' | 'other';

const FAMILY_BY_EXTENSION: Record<string, Family> = {
  '.ts': 'js', '.tsx': 'js', '.mts': 'js', '.cts': 'js', '.js': 'js', '.jsx': 'js', '.mjs': 'js', '.cjs': 'js',
  '.vue': 'js', '.svelte': 'js',
  '.py': 'python', '.pyi': 'python', '.pyw': 'python',
  '.go': 'go', '.rs': 'rust',
  '.java': 'jvm', '.kt': 'jvm', '.kts': 'jvm', '.scala': 'jvm',
  '.c': 'c', '.h': 'c', '.cc': 'c', '.cpp': 'c', '.cxx': 'c', '.hh': 'c', '.hpp': 'c', '.hxx': 'c', '.m': 'c', '.mm': 'c',
  '.cs': 'csharp', '.rb': 'ruby', '.php': 'php', '.swift': 'swift', '.sh': 'shell', '.bash': 'shell', '.zsh': 'shell',
};

/** Languages that can name each other's definitions (TS and JS, Java and Kotlin, ...). */
export function familyOf(path: string): Family {
  return FAMILY_BY_EXTENSION[extOf(path).toLowerCase()] ?? 'other';
}

export interface FileView {
  path: string;
  family: Family;
  byName: Map<string, SymbolRecord[]>;
  byQualifiedName: Map<string, SymbolRecord>;
  byKey: Map<string, SymbolRecord>;
  imports: readonly ImportRecord[];
  /** Every repository file any import of this file reaches. */
  importedPaths: Set<string>;
  /** Names bound by imports (`from m import N`, `import {N}`, `use a::N`, `import a.N`). */
  boundNames: Map<string, ImportRecord[]>;
  /** Qualifiers naming an imported module: Go package names, Python dotted modules. */
  moduleAliases: Map<string, ImportRecord[]>;
  /** Every name the file's imports list ("*" included): what a re-export can pass on. */
  importedNames: Set<string>;
}

export function buildFileView(path: string, table: SymbolLookup): FileView {
  const byName = new Map<string, SymbolRecord[]>();
  const byQualifiedName = new Map<string, SymbolRecord>();
  const byKey = new Map<string, SymbolRecord>();
  for (const symbol of table.symbolsOfFile(path)) {
    pushTo(byName, symbol.name, symbol);
    if (!byQualifiedName.has(symbol.qualifiedName)) byQualifiedName.set(symbol.qualifiedName, symbol);
    byKey.set(symbol.key, symbol);
  }
  const imports = table.importsOf(path);
  const family = familyOf(path);
  const importedPaths = new Set<string>();
  const boundNames = new Map<string, ImportRecord[]>();
  const moduleAliases = new Map<string, ImportRecord[]>();
  const importedNames = new Set<string>();
  for (const imp of imports) {
    for (const target of imp.toPaths) importedPaths.add(target);
    for (const name of imp.names) importedNames.add(name);
    for (const name of imp.names) if (name !== '*' && name !== 'default' && name !== '') pushTo(boundNames, name, imp);
    for (const alias of moduleAliasesOf(imp, family)) pushTo(moduleAliases, alias, imp);
  }
  return { path, family, byName, byQualifiedName, byKey, imports, importedPaths, boundNames, moduleAliases, importedNames };
}

/** How code refers to an imported module by qualifier. */
function moduleAliasesOf(imp: ImportRecord, family: Family): string[] {
  if (family === 'go') {
    if (imp.names.length > 0) return imp.names.filter((n) => n !== '_' && n !== '.');
    return goPackageNames(imp.specifier);
  }
  if (family === 'python' && !imp.specifier.startsWith('.') && imp.names.length === 0) return [imp.specifier];
  return [];
}

/** "gopkg.in/yaml.v3" → yaml; "x/go-cmp" → go-cmp and cmp; "x/y/v2" → y. */
export function goPackageNames(importPath: string): string[] {
  const segments = importPath.split('/');
  let last = segments[segments.length - 1] ?? '';
  if (/^v\d+$/.test(last) && segments.length > 1) last = segments[segments.length - 2]!;
  last = last.replace(/\.v\d+$/, '');
  const names = [last];
  const dash = last.lastIndexOf('-');
  if (dash >= 0) names.push(last.slice(dash + 1));
  return names.filter((n) => /^[A-Za-z_]\w*$/.test(n));
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
