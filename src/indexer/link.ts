// The link phase of an index run: everything that depends on more than one file.
// Imports are resolved to files, references to definitions, doc mentions to code, and
// git history mined — each only as far as this run's changes require (all of it when
// `full`, e.g. after an interrupted run). Yields the name of each step as it starts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexConfig } from '../config/schema.js';
import type { DocLink, ImportRecord, SymbolRecord } from '../core/entities.js';
import type { IndexWriter } from '../store/curated.js';
import type { TrackedChange } from './change-tracker.js';
import { buildMentionIndex, findDocMentions } from './docs/mentions.js';
import { GIT_MINING_VERSION } from './git/mining-version.js';
import type { HistoryRead } from './git/prefetch.js';
import {
  affectsResolveContext,
  buildResolveContext,
  changedNames,
  inMemorySymbolTable,
  planReferenceRefresh,
  refreshReferences,
  resolveImports,
  type FileChange,
  type ReferenceSource,
} from './resolve/index.js';

export interface LinkInput {
  root: string;
  writer: IndexWriter;
  config: IndexConfig;
  full: boolean;
  changes: TrackedChange[];
  /** The git history, started before extraction (git/prefetch.ts). */
  history: HistoryRead;
}

export interface LinkSummary {
  importsResolved: number;
  referenceFilesResolved: number;
  docLinks: number;
  gitMined: boolean;
}

/** Above this many files to re-resolve, one in-memory symbol table beats per-name queries. */
const IN_MEMORY_TABLE_THRESHOLD = 100;

/**
 * Whole-index reads shared by the steps, each made at most once per run and only when a
 * step needs it (an incremental run of one file needs none of them): on a sympy-sized
 * index, reading every symbol takes ~0.4 s and every import, one query per file, ~0.3 s.
 */
class IndexSnapshot {
  private symbols: SymbolRecord[] | null = null;
  private paths: string[] | null = null;

  constructor(private readonly writer: IndexWriter) {}

  allSymbols(): SymbolRecord[] {
    this.symbols ??= this.writer.allSymbols();
    return this.symbols;
  }

  filePaths(): string[] {
    this.paths ??= this.writer.filePaths();
    return this.paths;
  }
}

export async function* linkIndex(input: LinkInput): AsyncGenerator<string, LinkSummary> {
  const { writer, changes } = input;
  const summary: LinkSummary = { importsResolved: 0, referenceFilesResolved: 0, docLinks: 0, gitMined: false };
  const pathSetChanged = changes.some((change) => change.added || change.removed);
  if (changes.length > 0 || input.full) {
    const snapshot = new IndexSnapshot(writer);
    yield 'imports';
    const targetsMoved = linkImports(input, snapshot, pathSetChanged || input.full, summary);
    yield 'references';
    linkReferences(input, snapshot, targetsMoved, summary);
    yield 'docs';
    linkDocs(input, snapshot, pathSetChanged, summary);
  }
  yield 'git';
  summary.gitMined = await linkGit(input);
  return summary;
}

/** Resolves imports; returns the paths whose import targets differ from before. */
function linkImports(input: LinkInput, snapshot: IndexSnapshot, everything: boolean, summary: LinkSummary): Set<string> {
  const { writer, changes, root } = input;
  const paths = snapshot.filePaths();
  const rebuildAll = everything || changes.some((change) => affectsResolveContext(change.path));
  const context = buildResolveContext(root, paths, (path) => readText(root, path));
  const targets = rebuildAll ? paths : changes.filter((change) => !change.removed).map((change) => change.path);
  const stored = rebuildAll ? importsByFile(writer.allImports()) : null;
  const before = new Map<string, string>();
  for (const change of changes) before.set(change.path, targetSignature(change.importsBefore));
  const moved = new Set<string>();
  const updated: ImportRecord[] = [];
  for (const path of targets) {
    const current = stored ? (stored.get(path) ?? []) : writer.importsOf(path);
    const resolved = resolveImports(current, context);
    const signature = targetSignature(resolved);
    if (signature !== (before.get(path) ?? targetSignature(current))) moved.add(path);
    updated.push(...resolved);
  }
  writer.replaceImportTargets(updated);
  summary.importsResolved = updated.length;
  return moved;
}

function linkReferences(input: LinkInput, snapshot: IndexSnapshot, targetsMoved: Set<string>, summary: LinkSummary): void {
  const { writer, changes, full } = input;
  const fileChanges: FileChange[] = full
    ? snapshot.filePaths().map((path) => ({ path, symbolsBefore: [], symbolsAfter: [], importsChanged: true }))
    : changes.map((change) => ({
        path: change.path,
        symbolsBefore: change.symbolsBefore,
        symbolsAfter: change.symbolsAfter,
        importsChanged: change.added || change.removed || targetsMoved.has(change.path),
      }));
  for (const path of targetsMoved) {
    if (!fileChanges.some((change) => change.path === path)) {
      fileChanges.push({ path, symbolsBefore: [], symbolsAfter: [], importsChanged: true });
    }
  }
  const planned = planReferenceRefresh(fileChanges);
  // When every file is re-resolved anyway (a first index), looking up who names the
  // changed definitions would only re-find all of them.
  const everything = planned.paths.length >= writer.stats().files;
  const plan = everything ? { ...planned, names: [], reexportSources: [] } : planned;
  const source = plan.paths.length > IN_MEMORY_TABLE_THRESHOLD ? inMemorySource(writer, snapshot) : writer;
  const result = refreshReferences(source, plan);
  writer.replaceReferences(result.fromPaths, result.edges);
  summary.referenceFilesResolved = result.fromPaths.length;
}

/** The store's raw-reference queries, with symbol and import lookups served from memory. */
function inMemorySource(writer: IndexWriter, snapshot: IndexSnapshot): ReferenceSource {
  const imports = writer.allImports(); // read after linkImports: with this run's targets
  const table = inMemorySymbolTable(snapshot.allSymbols(), imports);
  const importers = new Map<string, ImportRecord[]>();
  for (const imp of imports) {
    for (const to of imp.toPaths) {
      const list = importers.get(to);
      if (list) list.push(imp);
      else importers.set(to, [imp]);
    }
  }
  return {
    ...table,
    rawReferencesOf: (paths) => writer.rawReferencesOf(paths),
    rawReferencesNamed: (names) => writer.rawReferencesNamed(names),
    importedBy: (path) => importers.get(path) ?? [],
  };
}

function linkDocs(input: LinkInput, snapshot: IndexSnapshot, pathSetChanged: boolean, summary: LinkSummary): void {
  const { writer, changes, full } = input;
  const relinkAll = full || pathSetChanged;
  const allChunks = relinkAll ? writer.docChunks() : null;
  const docPaths = allChunks ? new Set(allChunks.map((chunk) => chunk.path)) : docsToRelink(writer, changes);
  if (docPaths.size === 0) return;
  const chunks = allChunks ?? [...docPaths].sort().flatMap((path) => writer.docChunks(path));
  const index = buildMentionIndex(snapshot.filePaths(), snapshot.allSymbols());
  const links: DocLink[] = chunks.flatMap((chunk) => findDocMentions(chunk, index));
  writer.replaceDocLinks([...docPaths], links);
  summary.docLinks = links.length;
}

/**
 * Docs whose links may have moved: the changed docs themselves, and docs that mention a
 * definition that appeared or disappeared (found through the docs' full-text index, so
 * an edit that renames nothing costs no relinking at all).
 */
function docsToRelink(writer: IndexWriter, changes: TrackedChange[]): Set<string> {
  const paths = new Set(changes.filter((change) => !change.removed && writer.docChunks(change.path).length > 0).map((change) => change.path));
  const names = [...new Set(changes.flatMap((change) => changedNames(change.symbolsBefore, change.symbolsAfter)))];
  if (names.length === 0) return paths;
  const terms = names.map((name) => name.toLowerCase());
  for (const hit of writer.search({ terms, target: 'doc', limit: 10_000, matchedFields: false })) paths.add(hit.path);
  return paths;
}

async function linkGit(input: LinkInput): Promise<boolean> {
  const { writer } = input;
  if (!input.history.needed) return false;
  const history = await input.history.history();
  writer.transaction(() => {
    writer.replaceCoChange(history?.coChange ?? []);
    const known = new Set(writer.filePaths());
    const fileHistory = [...(history?.fileHistory ?? new Map()).entries()]
      .filter(([path]) => known.has(path))
      .map(([path, facts]) => ({ path, lastCommitAt: facts.lastCommitAt, commitCount: facts.commitCount }));
    writer.setFileHistory(fileHistory);
    writer.replaceCommits(
      (history?.commits ?? []).map((commit) => ({
        sha: commit.sha,
        time: commit.time,
        message: commit.body ? `${commit.subject}\n\n${commit.body}` : commit.subject,
        files: commit.files.filter((path) => known.has(path)),
      })),
    );
    writer.setMeta('gitHead', history?.head ?? null);
    writer.setMeta('gitMining', GIT_MINING_VERSION);
  });
  return true;
}

function importsByFile(imports: readonly ImportRecord[]): Map<string, ImportRecord[]> {
  const byFile = new Map<string, ImportRecord[]>();
  for (const imp of imports) {
    const list = byFile.get(imp.fromPath);
    if (list) list.push(imp);
    else byFile.set(imp.fromPath, [imp]);
  }
  return byFile;
}

function targetSignature(imports: readonly ImportRecord[]): string {
  return imports.map((imp) => `${imp.specifier}>${imp.toPaths.join(',')}`).join('\n');
}

function readText(root: string, path: string): string | null {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return null;
  }
}
