// What `cairn graph|impact|similar` are asked about: a file path, a symbol key
// (`path::Qualified.name`), or a symbol's bare or qualified name resolved through the
// index. Ambiguity and absence are typed errors that say what to do next.

import { isAbsolute, relative, sep } from 'node:path';
import { parseEntityKey, type SymbolRecord } from '../../core/entities.js';
import { NotFoundError, UsageError } from '../../core/errors.js';
import { printable } from '../../core/printable.js';
import { repoBytesOrNull } from '../../core/repo-files.js';
import type { CuratedReader } from '../../store/curated.js';

export type GraphTarget = { kind: 'file'; path: string } | { kind: 'symbol'; key: string; path: string; symbol: SymbolRecord };

/** Candidates listed in an ambiguity error. */
const MAX_CANDIDATES = 12;

export function resolveTarget(reader: CuratedReader, input: string, root?: string): GraphTarget {
  const given = input.trim();
  if (given === '') throw new UsageError('name a file or a symbol', { hint: 'e.g. src/app.ts, src/app.ts::main or main' });
  const { path, qualifiedName } = parseEntityKey(given);
  if (qualifiedName !== null) return symbolByKey(reader, `${repoPath(path, root)}::${qualifiedName}`);
  const asPath = repoPath(given, root);
  if (reader.file(asPath) !== null) return { kind: 'file', path: asPath };
  const candidates = symbolsNamed(reader, given);
  if (candidates.length === 1) return symbolTarget(candidates[0]!);
  if (candidates.length > 1) throw ambiguous(given, candidates);
  throw notFound(given, looksLikePath(given));
}

function symbolByKey(reader: CuratedReader, key: string): GraphTarget {
  const symbol = reader.symbol(key);
  if (symbol !== null) return symbolTarget(symbol);
  const { path, qualifiedName } = parseEntityKey(key);
  if (reader.file(path) === null) throw notFound(path, true);
  const sameName = symbolsNamed(reader, qualifiedName ?? '').filter((candidate) => candidate.path === path);
  throw new NotFoundError(`no symbol ${qualifiedName} in ${path}`, {
    hint: sameName.length
      ? `did you mean ${sameName.map((s) => s.key).slice(0, 3).join(', ')}?`
      : `look for it with \`cairn search ${qualifiedName} --kind symbol\``,
  });
}

/** Symbols whose qualified name is `name` or ends with `.name` (a bare or partly qualified name). */
function symbolsNamed(reader: CuratedReader, name: string): SymbolRecord[] {
  const last = name.slice(name.lastIndexOf('.') + 1);
  if (last === '') return [];
  return reader.symbolsByName(last).filter((symbol) => symbol.qualifiedName === name || symbol.qualifiedName.endsWith(`.${name}`));
}

function symbolTarget(symbol: SymbolRecord): GraphTarget {
  return { kind: 'symbol', key: symbol.key, path: symbol.path, symbol };
}

/** Repository-relative forward-slash path; absolute paths inside the repository are made relative. */
function repoPath(path: string, root: string | undefined): string {
  let out = path;
  if (root !== undefined && isAbsolute(out)) {
    const inside = relative(root, out);
    if (!inside.startsWith('..') && !isAbsolute(inside)) out = inside;
  }
  return out.split(sep).join('/').replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/** Only a separator makes a path for sure: `setup.py` and `Cart.total` read alike. */
function looksLikePath(input: string): boolean {
  return input.includes('/') || input.includes('\\');
}

function ambiguous(name: string, candidates: SymbolRecord[]): UsageError {
  const listed = candidates.slice(0, MAX_CANDIDATES).map((symbol) => `    ${printable(symbol.key)}  (${symbol.kind}, line ${symbol.startLine})`);
  const more = candidates.length > MAX_CANDIDATES ? [`    … and ${candidates.length - MAX_CANDIDATES} more`] : [];
  return new UsageError(`"${name}" names ${candidates.length} symbols:\n${[...listed, ...more].join('\n')}`, {
    hint: 'pass one of them as path::Qualified.name',
  });
}

function notFound(input: string, isPath: boolean): NotFoundError {
  return new NotFoundError(isPath ? `no file ${input} in the index` : `no file or symbol named ${input} in the index`, {
    hint: isPath
      ? `paths are relative to the repository root; run \`cairn index\` if the file is new, or find it with \`cairn search ${input}\``
      : `look for it with \`cairn search ${input}\``,
  });
}

/** The target's source as on disk (a symbol: its definition's bytes); null when unreadable. */
export function readTargetText(root: string, target: GraphTarget): string | null {
  // Deleted, unreadable or now resolving outside the repository: similarity falls back to structure.
  const bytes = repoBytesOrNull(root, target.path);
  if (bytes === null) return null;
  if (target.kind === 'file') return bytes.toString('utf8');
  return bytes.subarray(target.symbol.startByte, target.symbol.endByte).toString('utf8');
}
