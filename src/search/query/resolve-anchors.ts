// Resolves textual anchors against one repository's index: paths by suffix, frames to
// in-project files (the reporter's script and the standard library drop out because they
// match nothing), dotted module paths to module files, names to definitions. Every
// resolved file and symbol carries a weight and the reasons behind it.

import type { EntityKey, SymbolRecord } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import type { AnchorSource, Anchors, NameAnchor } from './anchors.js';
import { PathSuffixIndex } from './path-suffixes.js';
import { scopedPackageDirs, titleNamedPackageDirs, workspacePackages } from './workspace-packages.js';

export interface AnchorHit {
  weight: number;
  reasons: string[];
}

export interface ResolvedAnchors {
  files: Map<string, AnchorHit>;
  symbols: Map<EntityKey, AnchorHit & { path: string }>;
  /**
   * Files guaranteed a top slot, in order: the innermost in-project frame (most often the
   * file to change), then paths named outright (a link or a written path resolving to
   * exactly one file). A fused score should not be able to bury either.
   */
  pinnedFiles: string[];
  /** The innermost frame's function, when its line resolves to a definition. */
  pinnedSymbols: EntityKey[];
  /** In-project frames, innermost first. */
  frames: { path: string; line: number | null; func: string | null; depth: number }[];
  /** Folders of the workspace packages the title names, by its commit scope or a package-like word (workspace-packages.ts). */
  packages: string[];
}

const SOURCE_WEIGHT: Record<AnchorSource, number> = { url: 1, title: 1, inline: 0.9, frame: 1, prose: 0.8, code: 0.5 };
/** A name defined in more places than this says little about where to look. */
const MAX_DEFINITIONS = 12;
/** At most this many files are pinned: a task naming ten files has not named one. */
const MAX_PINNED = 3;
const PINNING_SOURCES = new Set<AnchorSource>(['url', 'title', 'prose', 'inline']);

export function resolveAnchors(reader: CuratedReader, anchors: Anchors, suffixes: PathSuffixIndex): ResolvedAnchors {
  const resolved: ResolvedAnchors = { files: new Map(), symbols: new Map(), frames: [], pinnedFiles: [], pinnedSymbols: [], packages: [] };
  resolvePaths(anchors, suffixes, resolved);
  resolveFrames(reader, anchors, suffixes, resolved);
  resolveModules(anchors, suffixes, resolved);
  resolveNames(reader, anchors.names, resolved);
  resolveTitleTags(reader, anchors.titleTags, suffixes, resolved);
  resolved.packages = namedPackages(reader, anchors);
  resolved.pinnedFiles = [...new Set(resolved.pinnedFiles)].slice(0, MAX_PINNED);
  return resolved;
}

function namedPackages(reader: CuratedReader, anchors: Anchors): string[] {
  if (anchors.scopes.length === 0 && anchors.packageWords.length === 0) return [];
  const packages = workspacePackages(reader);
  const dirs = packages.map((pkg) => pkg.dir);
  return [...new Set([...scopedPackageDirs(dirs, anchors.scopes), ...titleNamedPackageDirs(packages, anchors.packageWords)])];
}

function addFile(resolved: ResolvedAnchors, path: string, weight: number, reason: string): void {
  const hit = resolved.files.get(path);
  if (hit) {
    hit.weight = Math.max(hit.weight, weight) + 0.1 * Math.min(hit.weight, weight);
    if (!hit.reasons.includes(reason)) hit.reasons.push(reason);
  } else resolved.files.set(path, { weight, reasons: [reason] });
}

function addSymbol(resolved: ResolvedAnchors, symbol: SymbolRecord, weight: number, reason: string): void {
  const hit = resolved.symbols.get(symbol.key);
  if (hit) {
    hit.weight = Math.max(hit.weight, weight);
    if (!hit.reasons.includes(reason)) hit.reasons.push(reason);
  } else resolved.symbols.set(symbol.key, { weight, reasons: [reason], path: symbol.path });
}

function resolvePaths(anchors: Anchors, suffixes: PathSuffixIndex, resolved: ResolvedAnchors): void {
  for (const anchor of anchors.paths) {
    const absolute = anchor.path.startsWith('/') || anchor.path.startsWith('~');
    const { paths, segments } = suffixes.resolve(anchor.path, absolute ? 2 : 1);
    if (paths.length === 0 || paths.length > 3) continue;
    const written = anchor.path.split('/').length;
    const completeness = segments >= written ? 1 : 0.6 + 0.4 * (segments / written);
    for (const path of paths) {
      addFile(resolved, path, (SOURCE_WEIGHT[anchor.source] * completeness) / paths.length, `path ${anchor.path} (${anchor.source})`);
    }
    if (paths.length === 1 && completeness === 1 && PINNING_SOURCES.has(anchor.source)) resolved.pinnedFiles.push(paths[0]!);
  }
}

function resolveFrames(reader: CuratedReader, anchors: Anchors, suffixes: PathSuffixIndex, resolved: ResolvedAnchors): void {
  let innermostSeen = false;
  const ordered = [...anchors.frames].sort((a, b) => a.depth - b.depth);
  for (const frame of ordered) {
    if (!frame.path) continue;
    const { paths } = suffixes.resolve(frame.path, frame.path.startsWith('/') ? 2 : 1);
    if (paths.length !== 1) continue;
    const path = paths[0]!;
    if (reader.file(path)?.isTest) continue;
    resolved.frames.push({ path, line: frame.line, func: frame.func, depth: frame.depth });
    const weight = innermostSeen ? 0.75 / (1 + 0.25 * frame.depth) : 1.2;
    const innermost = !innermostSeen;
    innermostSeen = true;
    if (innermost) resolved.pinnedFiles.unshift(path);
    addFile(resolved, path, weight, `stack frame ${frame.path}:${frame.line ?? '?'}`);
    if (frame.func) {
      const name = frame.func.split(/[.:]/).pop()!;
      for (const symbol of reader.symbolsOfFile(path)) {
        if (symbol.name === name && (frame.line === null || (symbol.startLine <= frame.line && frame.line <= symbol.endLine))) {
          addSymbol(resolved, symbol, weight, `stack frame ${frame.func}`);
          if (innermost) resolved.pinnedSymbols.push(symbol.key);
        }
      }
    }
  }
}

/** `a.b.c` → a/b/c.py, a/b/c/__init__.py, a/b/c.ts, … and, for a symbol c, a/b.py. */
function resolveModules(anchors: Anchors, suffixes: PathSuffixIndex, resolved: ResolvedAnchors): void {
  for (const anchor of anchors.names) {
    const parts = anchor.name.split('.');
    if (parts.length < 2) continue;
    for (let cut = parts.length; cut >= 2; cut--) {
      const base = parts.slice(0, cut).join('/');
      const candidates = [`${base}.py`, `${base}/__init__.py`, `${base}.ts`, `${base}/index.ts`, `${base}.js`, `${base}.go`, `${base}.rs`, `${base}.java`];
      const hits = candidates.flatMap((candidate) => suffixes.resolve(candidate, Math.min(cut + 1, 3)).paths);
      const unique = [...new Set(hits)];
      if (unique.length === 0 || unique.length > 2) continue;
      const weight = SOURCE_WEIGHT[anchor.source] * (cut === parts.length ? 1 : 0.8);
      for (const path of unique) addFile(resolved, path, weight, `module ${parts.slice(0, cut).join('.')}`);
      break;
    }
  }
}

function resolveNames(reader: CuratedReader, names: NameAnchor[], resolved: ResolvedAnchors): void {
  for (const anchor of names) {
    const parts = anchor.name.split('.');
    const name = parts[parts.length - 1]!;
    if (name.length < 3 || /^__\w+__$/.test(name)) continue;
    let definitions = reader.symbolsByName(name);
    if (parts.length >= 2) {
      const qualified = parts.slice(-2).join('.');
      const exact = definitions.filter((s) => s.qualifiedName === qualified || s.qualifiedName.endsWith(`.${qualified}`));
      if (exact.length > 0) definitions = exact;
    }
    const primary = definitions.filter((s) => !isSecondaryPath(reader, s.path));
    if (primary.length > 0) definitions = primary;
    if (anchor.call && parts.length === 1) definitions = calledFunctions(definitions);
    if (definitions.length === 0 || definitions.length > MAX_DEFINITIONS) continue;
    const specificity = 1 / Math.sqrt(distinctDefinitions(definitions));
    const weight = SOURCE_WEIGHT[anchor.source] * (anchor.codeLike ? 1 : 0.6) * specificity;
    for (const symbol of definitions) {
      addSymbol(resolved, symbol, weight, `names ${anchor.name} (${anchor.source})`);
      addFile(resolved, symbol.path, weight * 0.8, `defines ${symbol.qualifiedName}`);
    }
  }
}

/**
 * `simplify(x)` written without a receiver calls a function, not one of the many methods of
 * that name (`Expr.simplify`, `Set.simplify`, …): when the name has top-level functions,
 * they are what it names.
 */
function calledFunctions(definitions: SymbolRecord[]): SymbolRecord[] {
  const functions = definitions.filter((symbol) => symbol.parent === null && symbol.kind === 'function');
  return functions.length > 0 ? functions : definitions;
}

/** Overloads of one function (`simplify`, `simplify#2`, … in one file) are one definition. */
function distinctDefinitions(definitions: readonly SymbolRecord[]): number {
  return new Set(definitions.map((symbol) => `${symbol.path}::${symbol.qualifiedName}`)).size;
}

/** `[youtube]` in a title names a component: a file with that stem, or a symbol of that name. */
function resolveTitleTags(reader: CuratedReader, tags: string[], suffixes: PathSuffixIndex, resolved: ResolvedAnchors): void {
  for (const tag of tags) {
    const stem = tag.toLowerCase().replace(/[^a-z0-9_]/g, '');
    if (stem.length < 3) continue;
    const hits = ['py', 'ts', 'js', 'go', 'rs', 'java'].flatMap((ext) => suffixes.resolve(`${stem}.${ext}`).paths);
    const files = hits.filter((path) => !isSecondaryPath(reader, path));
    if (files.length === 0 || files.length > 3) continue;
    for (const path of files) addFile(resolved, path, 0.9 / files.length, `title tag [${tag}]`);
  }
}

function isSecondaryPath(reader: CuratedReader, path: string): boolean {
  const file = reader.file(path);
  return !file || file.isTest || file.isExample || file.isVendored || file.isGenerated;
}
