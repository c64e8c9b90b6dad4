// File priors: tests, examples, vendored and generated code, docs and re-export hubs are
// rarely what a task needs changed — unless the task is about them.

import type { FileRecord, ImportRecord, SymbolRecord } from '../../core/entities.js';

export interface PriorContext {
  /** The task talks about tests (so test files keep their full weight). */
  aboutTests: boolean;
  /** The task talks about documentation. */
  aboutDocs: boolean;
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
 * Files outside the workspace packages a task's scope names (`fix(react-query): …`) keep
 * this share of their weight: the change may reach a sibling package, but less often.
 */
export const OUTSIDE_NAMED_PACKAGE_PRIOR = 0.5;

export function isPackageEntry(path: string): boolean {
  return PACKAGE_ENTRY.test(path);
}

/**
 * `entry` is asked only for package entry files (isPackageEntry): a hub — little of its
 * own, some imports or re-exports — ranks lower; an entry that holds the code does not.
 */
export function filePrior(file: FileRecord, context: PriorContext, entry: (path: string) => EntryContents): number {
  if (file.isGenerated || file.isVendored) return 0.2;
  if (file.isTest) return context.aboutTests ? 0.9 : 0.35;
  if (file.isExample) return 0.4;
  if (file.kind === 'doc') return context.aboutDocs ? 0.9 : 0.3;
  if (file.kind !== 'code') return 0.4;
  if (isPackageEntry(file.path) && isReexportHub(file, entry(file.path))) return REEXPORT_HUB_PRIOR;
  return 1;
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
const DOC_WORDS = /\b(docs?|documentation|docstrings?|readme|typos?|tutorial|guide)\b/i;

export function priorContext(title: string, text: string): PriorContext {
  return { aboutTests: TEST_WORDS.test(title), aboutDocs: DOC_WORDS.test(title) || (DOC_WORDS.test(text) && /\bdocs?\b/i.test(title)) };
}
