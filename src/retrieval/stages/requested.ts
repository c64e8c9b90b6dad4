// What a refinement asked for, resolved against the index: files by path or path suffix,
// symbols by entity key, qualified name or name, tests by test file path or test name.
// Anything that resolves to nothing is reported, never guessed.

import type { SymbolRecord } from '../../core/entities.js';
import { pathSuffixIndex, type PathSuffixIndex } from '../../search/query/path-suffixes.js';
import type { CuratedReader } from '../../store/curated.js';
import type { RequestedItems } from '../task/task-query.js';

export interface RequestedFile {
  path: string;
  /** What was asked for, as written. */
  asked: string;
  kind: 'file' | 'symbol' | 'test';
}

export interface ResolvedRequest {
  files: RequestedFile[];
  /** Requested symbols and test functions. */
  symbols: SymbolRecord[];
  /** Requests that matched nothing, as written, with what was tried. */
  unresolved: string[];
}

/** A name defined in more places than this is too vague to add them all. */
const MAX_MATCHES = 5;

export function resolveRequested(reader: CuratedReader, requested: RequestedItems): ResolvedRequest {
  const out: ResolvedRequest = { files: [], symbols: [], unresolved: [] };
  if (requested.files.length + requested.symbols.length + requested.tests.length === 0) return out;
  const suffixes = pathSuffixIndex(reader.filePaths());
  for (const asked of requested.files) {
    const paths = filePaths(suffixes, asked);
    if (paths.length === 0) out.unresolved.push(`file ${asked}: no indexed file has this path`);
    for (const path of paths) out.files.push({ path, asked, kind: 'file' });
  }
  for (const asked of requested.symbols) {
    const symbols = symbolsNamed(reader, asked, false);
    if (symbols === AMBIGUOUS) out.unresolved.push(`symbol ${asked}: defined in more than ${MAX_MATCHES} places; ask for path::Qualified.name`);
    else if (symbols.length === 0) out.unresolved.push(`symbol ${asked}: no definition of this name in the index`);
    else addSymbols(out, symbols, asked, 'symbol');
  }
  for (const asked of requested.tests) resolveTest(reader, suffixes, asked, out);
  return out;
}

function resolveTest(reader: CuratedReader, suffixes: PathSuffixIndex, asked: string, out: ResolvedRequest): void {
  const paths = asked.includes('/') || /\.\w+$/.test(asked) ? filePaths(suffixes, asked) : [];
  if (paths.length > 0) {
    for (const path of paths) out.files.push({ path, asked, kind: 'test' });
    return;
  }
  const tests = symbolsNamed(reader, asked, true);
  if (tests === AMBIGUOUS) out.unresolved.push(`test ${asked}: more than ${MAX_MATCHES} tests have this name; ask for path::Qualified.name`);
  else if (tests.length === 0) out.unresolved.push(`test ${asked}: no test file or test function of this name in the index`);
  else addSymbols(out, tests, asked, 'test');
}

function addSymbols(out: ResolvedRequest, symbols: SymbolRecord[], asked: string, kind: 'symbol' | 'test'): void {
  for (const symbol of symbols) {
    out.symbols.push(symbol);
    if (!out.files.some((file) => file.path === symbol.path)) out.files.push({ path: symbol.path, asked, kind });
  }
}

function filePaths(suffixes: PathSuffixIndex, asked: string): string[] {
  const { paths } = suffixes.resolve(asked.replace(/^\.\//, ''));
  // A bare "utils.py" in a repository with many of them names none in particular.
  return paths.length > MAX_MATCHES ? [] : paths;
}

const AMBIGUOUS = Symbol('ambiguous');

/** `path::Qualified.name`, `Qualified.name` or `name`; tests only from test files. */
function symbolsNamed(reader: CuratedReader, asked: string, testsOnly: boolean): SymbolRecord[] | typeof AMBIGUOUS {
  const exact = asked.includes('::') ? reader.symbol(asked) : null;
  if (exact) return [exact];
  const dotted = asked.split('.');
  const name = dotted[dotted.length - 1]!;
  let matches = reader.symbolsByName(name);
  if (dotted.length > 1) matches = matches.filter((symbol) => symbol.qualifiedName === asked || symbol.qualifiedName.endsWith(`.${asked}`));
  if (testsOnly) matches = matches.filter((symbol) => reader.file(symbol.path)?.isTest);
  return matches.length > MAX_MATCHES ? AMBIGUOUS : matches;
}
