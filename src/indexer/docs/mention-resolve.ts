// Decides what a candidate mention names in the repository: a file (by path, unique path
// suffix, unique code file name in backticks, or dotted module name) or symbols (by
// qualified name, module + qualified name, or a bare name written as code).

import path from 'node:path/posix';
import type { EntityKey } from '../../core/entities.js';
import type { IndexedSymbol, MentionIndex, MentionSymbol } from './mention-index.js';
import type { Candidate } from './mention-scan.js';

export interface MentionTarget {
  path: string;
  key: EntityKey | null;
}

/** Bare names shorter than this are too common to mean one definition. */
export const MIN_NAME_LENGTH = 4;
/** A name (or qualified name) defined in more places than this is too ambiguous to link. */
export const MAX_DEFINITIONS = 5;

const files = (paths: readonly string[]): MentionTarget[] => paths.map((p) => ({ path: p, key: null }));
const symbols = (list: readonly MentionSymbol[]): MentionTarget[] => list.map((s) => ({ path: s.path, key: s.key }));

function uniqueOne(list: readonly string[] | undefined): MentionTarget[] {
  return list?.length === 1 ? files(list) : [];
}

function resolvePath(candidate: Candidate, index: MentionIndex, docPath: string): MentionTarget[] {
  let text = candidate.text.replace(/[?#].*$/, '');
  if (candidate.base === 'doc' || /^\.\.?\//.test(text)) {
    const relative = path.normalize(path.join(path.dirname(docPath), text));
    if (index.paths.has(relative)) return files([relative]);
  }
  text = text.replace(/^(\.\/|\/)+/, '');
  if (index.paths.has(text)) return files([text]);
  if (!text.includes('/')) return candidate.asCode ? uniqueOne(index.codeFileNames.get(text)) : [];
  const bySuffix = uniqueOne(index.suffixes.get(text));
  if (bySuffix.length > 0 || candidate.base !== 'url') return bySuffix;
  // A URL to a file in this repository (a GitHub blob link): the longest tail that is a path.
  const segments = text.split('/');
  for (let from = 1; from <= segments.length - 2; from++) {
    const tail = segments.slice(from).join('/');
    if (index.paths.has(tail)) return files([tail]);
  }
  return [];
}

/**
 * Docs describe the code, not its tests or vendored copies: definitions in ordinary source
 * win when there are any, and for a bare name module-level ones win over members.
 */
function preferred(list: readonly IndexedSymbol[], topLevelFirst: boolean): readonly IndexedSymbol[] {
  const primary = list.filter((s) => s.primary);
  const pool = primary.length > 0 ? primary : list;
  const topLevel = topLevelFirst ? pool.filter((s) => s.topLevel) : [];
  return topLevel.length > 0 ? topLevel : pool;
}

function bare(name: string, index: MentionIndex): MentionTarget[] {
  const list = index.byName.get(name);
  if (!list || name.length < MIN_NAME_LENGTH) return [];
  const pool = preferred(list, true);
  return pool.length <= MAX_DEFINITIONS ? symbols(pool) : [];
}

function qualified(name: string, index: MentionIndex): MentionTarget[] {
  const list = index.byQualifiedName.get(name);
  const pool = list ? preferred(list, false) : [];
  return pool.length <= MAX_DEFINITIONS ? symbols(pool) : [];
}

/** The symbol named by the longest leading part of `rest` defined in `file`, if any. */
function symbolInFile(file: string, rest: readonly string[], index: MentionIndex): MentionSymbol | null {
  const inFile = index.symbolsInFile.get(file);
  for (let end = rest.length; inFile && end > 0; end--) {
    const found = inFile.get(rest.slice(0, end).join('.'));
    if (found) return found;
  }
  return null;
}

/** In Java, Kotlin and Scala `com.acme.Widget` names the class the file is named after. */
function fileClass(target: MentionTarget, name: string, index: MentionIndex): MentionTarget {
  if (!/\.(java|kt|scala)$/.test(target.path)) return target;
  const found = index.symbolsInFile.get(target.path)?.get(name);
  return found ? { path: found.path, key: found.key } : target;
}

/** `a.b.c.Name.attr`: the longest module prefix, then what follows it inside that module. */
function viaModule(segments: readonly string[], asCode: boolean, index: MentionIndex): MentionTarget[] | null {
  for (let end = segments.length; end > 0; end--) {
    const modules = index.modules.get(segments.slice(0, end).join('.'));
    if (!modules) continue;
    const rest = segments.slice(end);
    // A lone top-level package ("dask.x") names the package file only through a symbol in it.
    const moduleItself = end >= 2 ? files(modules) : [];
    if (rest.length === 0) return moduleItself.map((target) => fileClass(target, segments[end - 1]!, index));
    const inModule = modules.flatMap((file) => {
      const found = symbolInFile(file, rest, index);
      return found ? [{ path: found.path, key: found.key }] : [];
    });
    if (inModule.length > 0) return inModule;
    return [...moduleItself, ...qualifiedOrBare(rest, asCode, index)];
  }
  return null;
}

/**
 * `Class.method` by qualified name; failing that, code like `df.groupby()` names the method
 * on a variable — but `Foreign.method` (a capitalised class this repository does not
 * define) names someone else's method, so no fallback then.
 */
function qualifiedOrBare(segments: readonly string[], asCode: boolean, index: MentionIndex): MentionTarget[] {
  if (segments.length === 1) return asCode ? bare(segments[0]!, index) : [];
  const found = qualified(segments.join('.'), index);
  const qualifier = segments[segments.length - 2]!;
  if (found.length > 0 || !asCode || /^[A-Z]/.test(qualifier)) return found;
  return bare(segments[segments.length - 1]!, index);
}

export function resolveCandidate(candidate: Candidate, index: MentionIndex, docPath: string): MentionTarget[] {
  const { text } = candidate;
  // Most candidates are plain prose words: only a file at the root can be named that way.
  if (candidate.base === 'root' && !candidate.asCode && !text.includes('.') && !text.includes('/')) {
    return index.paths.has(text) ? files([text]) : [];
  }
  const asPath = resolvePath(candidate, index, docPath);
  if (asPath.length > 0 || candidate.base !== 'root' || text.includes('/')) return asPath;
  const segments = text.split('.');
  if (!segments.every((s) => /^[A-Za-z_]\w*$/.test(s))) return [];
  if (segments.length > 1) {
    const module = viaModule(segments, candidate.asCode, index);
    if (module !== null) return module;
  }
  return qualifiedOrBare(segments, candidate.asCode, index);
}
