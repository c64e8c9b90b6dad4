// The link phase of an index run: everything that depends on more than one file.
// Imports are resolved to files, references to definitions, doc mentions to code, and
// git history mined — each only as far as this run's changes require (all of it when
// `full`, e.g. after an interrupted run). Yields the name of each step as it starts.

import type { IndexConfig } from '../config/schema.js';
import type { ImportRecord, SymbolRecord } from '../core/entities.js';
import type { IndexWriter, StoreLocation } from '../store/curated.js';
import type { TrackedChange } from './change-tracker.js';
import { readContextFile } from './context-files.js';
import type { LinkThread } from './link-thread.js';
import { linkDocs } from './link-docs.js';
import { addedHistory } from './git/added-history.js';
import { GIT_NOTE_META } from './git/history-note.js';
import { miningStamp } from './git/mining-version.js';
import type { HistoryRead } from './git/prefetch.js';
import {
  affectsResolveContext,
  buildResolveContext,
  inMemorySymbolTable,
  planReferenceRefresh,
  ReferenceResolver,
  refreshReferences,
  resolveImports,
  resolveReferences,
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
  /** Where other threads can open the index; without it every step runs in this thread. */
  storeLocation?: StoreLocation;
}

export interface LinkSummary {
  importsResolved: number;
  referenceFilesResolved: number;
  docLinks: number;
  gitMined: boolean;
  /**
   * When this run mined the history and it is incomplete (a shallow or partial clone,
   * objects git could not read) or absent (not a git repository): what was left out.
   */
  gitNote: string | null;
}

/** Above this many files to re-resolve, one in-memory symbol table beats per-name queries. */
const IN_MEMORY_TABLE_THRESHOLD = 100;
/** From this many files, a whole-index link phase uses the link thread: below, its start costs more than it saves. */
const LINK_THREAD_MIN_FILES = 500;
/**
 * Batches the files' references are resolved in when streamed to the link thread. Small
 * ones leave the thread less to write after the last, and each batch's raw references die
 * young: full sympy index 10.00–10.42 s with 32 against 10.22–10.53 s with 8 (8 runs each,
 * alternated); 128 no better than 32.
 */
const STREAMED_BATCHES = 32;

/**
 * Whole-index reads shared by the steps, each made at most once per run and only when a
 * step needs it (an incremental run of one file needs none of them): on a sympy-sized
 * index, reading every symbol takes ~0.14 s and every import ~0.1 s (CPU profile of a
 * full index).
 */
class IndexSnapshot {
  private symbols: SymbolRecord[] | null = null;
  private paths: string[] | null = null;
  private imports: ImportRecord[] | null = null;

  constructor(private readonly writer: IndexWriter) {}

  /** Every import with this run's targets: asked after the imports step, which may hand them over (resolvedAll). */
  allImports(): ImportRecord[] {
    this.imports ??= this.writer.allImports();
    return this.imports;
  }

  /** The imports step resolved every import: these are what it wrote, in the store's order. */
  resolvedAll(imports: ImportRecord[]): void {
    this.imports = imports;
  }

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
  const summary: LinkSummary = { importsResolved: 0, referenceFilesResolved: 0, docLinks: 0, gitMined: false, gitNote: null };
  const pathSetChanged = changes.some((change) => change.added || change.removed);
  if (changes.length > 0 || input.full) {
    const relinkAllDocs = input.full || pathSetChanged;
    // Started first: it relinks the docs from what extraction committed while this
    // thread resolves imports and references.
    const thread = await startThreadIfWorthIt(input, relinkAllDocs);
    thread?.done.catch(() => undefined); // awaited below; this only keeps a failure from counting as unhandled
    try {
      const snapshot = new IndexSnapshot(writer);
      yield 'imports';
      const targetsMoved = linkImports(input, snapshot, pathSetChanged || input.full, summary);
      yield 'references';
      const streamed = linkReferences(input, snapshot, targetsMoved, summary, thread);
      // The thread reports once told there are no more edges, whether or not it had any.
      if (thread && !streamed) thread.finishReferences();
      yield 'docs';
      const threadDocLinks = thread ? await thread.done : null;
      summary.docLinks = threadDocLinks ?? linkDocs(writer, snapshot, relinkAllDocs ? { all: true } : { all: false, changes });
    } finally {
      await thread?.stop();
    }
  }
  yield 'git';
  const mined = await linkGit(input);
  summary.gitMined = mined !== false;
  summary.gitNote = mined === false ? null : mined.note;
  return summary;
}

/**
 * The link thread (link-thread.ts) when this run re-resolves every file of a repository
 * big enough to repay its start, and the caller says where other threads find the index.
 */
async function startThreadIfWorthIt(input: LinkInput, relinkDocs: boolean): Promise<LinkThread | null> {
  if (!input.storeLocation) return null;
  const files = input.writer.stats().files;
  const everything = input.full || input.changes.length >= files;
  if (!everything || files < LINK_THREAD_MIN_FILES) return null;
  const { startLinkThread } = await import('./link-thread.js');
  return startLinkThread({ location: input.storeLocation, relinkDocs });
}

/** Resolves imports; returns the paths whose import targets differ from before. */
function linkImports(input: LinkInput, snapshot: IndexSnapshot, everything: boolean, summary: LinkSummary): Set<string> {
  const { writer, changes, root } = input;
  const paths = snapshot.filePaths();
  const rebuildAll = everything || changes.some((change) => affectsResolveContext(change.path));
  const context = buildResolveContext(root, paths, (path) => readContextFile(root, path));
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
  // What allImports would read back now: by file (`paths` is in path order), then source
  // order, each target once (as stored).
  if (rebuildAll) snapshot.resolvedAll(updated.map((imp) => ({ ...imp, toPaths: [...new Set(imp.toPaths)] })));
  summary.importsResolved = updated.length;
  return moved;
}

/** Resolves references and replaces their edges; true when it streamed them to the thread. */
function linkReferences(
  input: LinkInput,
  snapshot: IndexSnapshot,
  targetsMoved: Set<string>,
  summary: LinkSummary,
  thread: LinkThread | null,
): boolean {
  const { writer, changes, full } = input;
  const fileChanges: FileChange[] = full
    ? snapshot.filePaths().map((path) => ({ path, symbolsBefore: [], symbolsAfter: [], importsChanged: true }))
    : changes.map((change) => ({
        path: change.path,
        symbolsBefore: change.symbolsBefore,
        symbolsAfter: change.symbolsAfter,
        importsChanged: change.added || change.removed || targetsMoved.has(change.path),
      }));
  const paths = new Set(fileChanges.map((change) => change.path));
  for (const path of targetsMoved) {
    if (paths.has(path)) continue;
    paths.add(path);
    fileChanges.push({ path, symbolsBefore: [], symbolsAfter: [], importsChanged: true });
  }
  // When every file is re-resolved anyway (a first index), who names the changed
  // definitions need not be worked out: it would only re-find all of them.
  const everything = paths.size >= writer.stats().files;
  if (everything && thread) {
    const all = [...paths].sort();
    streamReferences(inMemorySource(writer, snapshot), all, thread);
    summary.referenceFilesResolved = all.length;
    return true;
  }
  const plan = everything ? { paths: [...paths].sort(), names: [], reexportSources: [] } : planReferenceRefresh(fileChanges);
  const source = plan.paths.length > IN_MEMORY_TABLE_THRESHOLD ? inMemorySource(writer, snapshot) : writer;
  const result = refreshReferences(source, plan);
  writer.replaceReferences(result.fromPaths, result.edges);
  summary.referenceFilesResolved = result.fromPaths.length;
  return false;
}

/**
 * Resolves every file's references batch by batch, each batch's edges handed to the link
 * thread to write while the next is resolved; one resolver, so its caches serve them all.
 */
function streamReferences(source: ReferenceSource, paths: string[], thread: LinkThread): void {
  const resolver = new ReferenceResolver(source);
  thread.beginReferences(paths);
  const size = Math.ceil(paths.length / STREAMED_BATCHES);
  for (let start = 0; start < paths.length; start += size) {
    thread.addReferences(resolveReferences(source.rawReferencesOf(paths.slice(start, start + size)), source, resolver));
  }
  thread.finishReferences();
}

/** The store's raw-reference queries, with symbol and import lookups served from memory. */
function inMemorySource(writer: IndexWriter, snapshot: IndexSnapshot): ReferenceSource {
  const imports = snapshot.allImports(); // after linkImports: with this run's targets
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

/**
 * Stores the history when it was mined again; otherwise gives the files this run added
 * their facts from the stored history. Either way the git facts are those a fresh index
 * of the same tree and HEAD would hold: co-change pairs and file facts of indexed files
 * only, commits with every file they touched. Returns false when the stored history was
 * current, otherwise what the mined history leaves out (a clone's missing history).
 */
async function linkGit(input: LinkInput): Promise<false | { note: string | null }> {
  const { writer } = input;
  if (!input.history.needed) {
    linkAddedHistory(input);
    return false;
  }
  const history = await input.history.history();
  const note = history === null ? `${input.root} is not in a git repository: indexed as a plain folder, without history` : history.skipped;
  writer.transaction(() => {
    const known = new Set(writer.filePaths());
    writer.replaceCoChange((history?.coChange ?? []).filter((pair) => known.has(pair.a) && known.has(pair.b)));
    const fileHistory = [...(history?.fileHistory ?? new Map()).entries()]
      .filter(([path]) => known.has(path))
      .map(([path, facts]) => ({ path, lastCommitAt: facts.lastCommitAt, commitCount: facts.commitCount }));
    writer.setFileHistory(fileHistory);
    writer.replaceCommits(
      (history?.commits ?? []).map((commit) => ({
        sha: commit.sha,
        time: commit.time,
        message: commit.body ? `${commit.subject}\n\n${commit.body}` : commit.subject,
        files: commit.files,
      })),
    );
    writer.setMeta('gitHead', history?.head ?? null);
    writer.setMeta('gitMining', miningStamp(input.config.cochange));
    writer.setMeta(GIT_NOTE_META, note);
  });
  return { note };
}

function linkAddedHistory(input: LinkInput): void {
  const { writer } = input;
  const added = input.changes.filter((change) => change.added).map((change) => change.path);
  if (added.length === 0) return;
  const facts = addedHistory(writer.commitsTouching(added), new Set(added), new Set(writer.filePaths()), input.config.cochange.maxFilesPerCommit);
  writer.transaction(() => {
    writer.setFileHistory(facts.history);
    writer.addCoChange(facts.pairs);
  });
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
