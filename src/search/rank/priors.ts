// File priors: tests, examples, vendored and generated code, docs and re-export hubs are
// rarely what a task needs changed — unless the task is about them.

import type { FileRecord, ImportRecord, SymbolRecord } from '../../core/entities.js';

export interface PriorContext {
  /** The task talks about tests (so test files keep their full weight). */
  aboutTests: boolean;
  /** The task talks about documentation. */
  aboutDocs: boolean;
  /** The task's title talks about type declarations (so declaration files keep their weight). */
  aboutTypes: boolean;
  /** The task's title is about what a package exports (so re-export hubs keep their weight). */
  aboutExports: boolean;
}

/** What a package entry file holds, to tell a re-export hub from an implementation. */
export interface EntryContents {
  symbols: readonly SymbolRecord[];
  imports: readonly ImportRecord[];
}

/** Package entry files: Python's `__init__.py`, JS/TS `index.*`, Rust's `mod.rs`. */
const PACKAGE_ENTRY = /(^|\/)(__init__\.py|index\.[cm]?[jt]sx?|mod\.rs)$/;

/**
 * An entry file whose own top-level definitions cover less than this share of its bytes
 * is mostly imports and re-exports. Implementations named `index.ts` (hono's middleware,
 * vite's server/ and optimizer/) cover 0.6–0.9; barrels and `__init__.py` files that
 * import a package's names cover ~0.
 */
const HUB_MAX_DEFINED_SHARE = 0.5;
const REEXPORT_HUB_PRIOR = 0.75;
/**
 * For a task about what a package exports, its barrels are the likeliest change: of the
 * eight such titles in the TypeScript development sets, seven changed one.
 */
const EXPORT_BARREL_PRIOR = 1.5;

/**
 * Files outside the workspace packages a task's scope names (`fix(react-query): …`) keep
 * this share of their weight: the change may reach a sibling package, but less often.
 */
export const OUTSIDE_NAMED_PACKAGE_PRIOR = 0.5;

/**
 * TypeScript declaration files (`.d.ts`, `.d.mts`, `.d.cts`): the types of code that lives
 * elsewhere — its source, a dependency, a runtime global. They match a task's words as well
 * as the code they describe (they repeat its names and doc comments), but the change lands in
 * the code: of 542 changed files in six TypeScript histories none was one.
 */
const DECLARATION_FILE = /\.d\.[cm]?ts$/;
const DECLARATION_PRIOR = 0.4;

export function isDeclarationFile(path: string): boolean {
  return DECLARATION_FILE.test(path);
}

export function isPackageEntry(path: string): boolean {
  return PACKAGE_ENTRY.test(path);
}

/**
 * `entry` is asked only for package entry files (isPackageEntry) — and, for a task about
 * exports, for every code file: a hub — little of its own, some imports or re-exports —
 * ranks lower; an entry that holds the code does not; a barrel of a task about exports
 * ranks higher.
 */
export function filePrior(file: FileRecord, context: PriorContext, entry: (path: string) => EntryContents): number {
  if (file.isGenerated || file.isVendored) return 0.2;
  if (file.isTest) return context.aboutTests ? 0.9 : 0.35;
  if (file.isExample) return 0.4;
  if (file.kind === 'doc') return context.aboutDocs ? 0.9 : 0.3;
  if (file.kind !== 'code') return 0.4;
  if (isDeclarationFile(file.path)) return context.aboutTypes ? 0.9 : DECLARATION_PRIOR;
  if (context.aboutExports) return isBarrel(file, entry(file.path)) ? EXPORT_BARREL_PRIOR : 1;
  if (isPackageEntry(file.path) && isReexportHub(file, entry(file.path))) return REEXPORT_HUB_PRIOR;
  return 1;
}

/** A barrel re-exports at least this many modules (`export … from`, `export * from`). */
const MIN_REEXPORTS = 2;

/**
 * A file that re-exports several modules and either is a package entry (`index.tsx`, which
 * may also define the package's main component) or defines little of its own (any name:
 * `unstable-core-do-not-import.ts`): the public surface of a package.
 */
export function isBarrel(file: FileRecord, contents: EntryContents): boolean {
  const reexports = contents.imports.filter((entry) => entry.kind === 'reexport').length;
  return reexports >= MIN_REEXPORTS && (isPackageEntry(file.path) || isReexportHub(file, contents));
}

export function isReexportHub(file: FileRecord, contents: EntryContents): boolean {
  if (contents.imports.length === 0) return false;
  let defined = 0;
  for (const symbol of contents.symbols) {
    // Dunder names (`__all__`, `__version__`) list or label what the package exports.
    if (symbol.parent === null && symbol.kind !== 'module' && !symbol.name.startsWith('__')) defined += symbol.endByte - symbol.startByte;
  }
  return defined < HUB_MAX_DEFINED_SHARE * Math.max(file.size, 1);
}

const TEST_WORDS = /\b(tests?|unit ?tests?|pytest|test suite|flaky|fixtures?|conftest|coverage)\b/i;
const TYPE_WORDS = /\b(typings?|declarations?|d\.ts|dts)\b/i;
const DOC_WORDS = /\b(docs?|documentation|docstrings?|readme|typos?|tutorial|guide)\b/i;

/**
 * A title about what a package exports: "expose"/"re-export" anywhere; "export" as a verb
 * on a name (`export Fonts`, `export type`), or a missing/extra/named export. Not the
 * export of a picture or a document ("PNG export", "exported SVG", "export dialog").
 */
const EXPORT_WORDS = /\b(expos(e|es|ed|ing)|re-?export(s|ed|ing)?|(missing|extra|unused|public|named|default|type) exports?|exports? types?)\b/i;
/** "export" before a name or a declaration: `export Fonts`, `export {…}`, `export *`. */
const EXPORT_OF_NAME = /\b[Ee]xport\s+[A-Z`{*]/;

export function isAboutExports(title: string): boolean {
  return EXPORT_WORDS.test(title) || EXPORT_OF_NAME.test(title);
}

export function priorContext(title: string, text: string): PriorContext {
  return {
    aboutTests: TEST_WORDS.test(title),
    aboutDocs: DOC_WORDS.test(title) || (DOC_WORDS.test(text) && /\bdocs?\b/i.test(title)),
    aboutTypes: TYPE_WORDS.test(title),
    aboutExports: isAboutExports(title),
  };
}
