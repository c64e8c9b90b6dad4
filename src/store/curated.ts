// The curated store: the index. Two ports over the same data — a read-only view used by
// search, retrieval and every face, and the writer used only by the indexer. Adapters:
// ./sqlite (embedded default), ./postgres (scale-out, later).

import type {
  CoChangePair,
  CommitRecord,
  DocChunk,
  DocLink,
  EntityKey,
  FileKind,
  FileRecord,
  ImportRecord,
  Language,
  RawReference,
  ReferenceEdge,
  SymbolKind,
  SymbolRecord,
} from '../core/entities.js';
import type { FileMetaRecord, FileMetadata } from '../core/file-meta.js';
import type { SearchableText } from '../core/search-text.js';

export const CURRENT_SCHEMA_VERSION = 6;

/** 'building' while an index run is under way or was cut off; the next run completes it. */
export type IndexState = 'empty' | 'building' | 'complete';

export interface IndexStats {
  schemaVersion: number;
  state: IndexState;
  files: number;
  symbols: number;
  imports: number;
  references: number;
  docChunks: number;
  docLinks: number;
  coChangePairs: number;
  commits: number;
  /** Unix ms of the last completed index run, null before the first. */
  indexedAt: number | null;
  /** HEAD commit the git signals were mined at, when the repo is a git work tree. */
  gitHead: string | null;
  filesByLanguage: Record<string, number>;
}

export interface FileFilter {
  languages?: Language[];
  kinds?: FileKind[];
  /** picomatch globs over repository-relative paths; a file must match one. */
  pathGlobs?: string[];
  includeTests?: boolean;
}

/** `meta`: files by their metadata (module, module docstring, top-level names; core/file-meta.ts). */
export type SearchTarget = 'file' | 'symbol' | 'doc' | 'meta';

/** A full-text query; terms are already code-tokenized (src/core/tokens.ts). */
export interface TextQuery {
  terms: string[];
  target: SearchTarget;
  limit: number;
  filter?: FileFilter;
  /** Per-field BM25 weights by field name; fields not named weigh 1. */
  fieldWeights?: Record<string, number>;
  /** Compute `matchedFields` (default true); rankers that only need scores turn it off. */
  matchedFields?: boolean;
}

export interface TextHit {
  target: SearchTarget;
  path: string;
  /** Symbol key for symbol hits, chunk id for doc hits, the path for file hits. */
  id: string;
  /** Higher is better (negated FTS5 bm25). */
  score: number;
  /** Field names in which at least one query term occurs. */
  matchedFields: string[];
}

/** Document frequency of terms in one target's full-text index, for custom scoring. */
export interface TermStats {
  documents: number;
  documentFrequency: Map<string, number>;
}

/** A past commit whose message matches a query, with the files it changed. */
export interface CommitHit {
  sha: string;
  time: number;
  /** Higher is better (negated FTS5 bm25 over the message). */
  score: number;
  files: string[];
}

/** A commit of the mined history that touched a file, newest first. */
export interface FileCommit {
  sha: string;
  /** Committer time, unix seconds. */
  time: number;
  /** The message's first line. */
  subject: string;
  /** How many files the commit touched (indexed or not). */
  files: number;
}

export interface FileReferenceCount {
  path: string;
  count: number;
}

/** What the indexer hands over for one file: everything extracted, written atomically. */
export interface IndexedFile {
  file: FileRecord;
  symbols: SymbolRecord[];
  /** Imports with `toPaths` as resolved at write time (may be re-resolved later). */
  imports: ImportRecord[];
  rawReferences: RawReference[];
  docChunks: DocChunk[];
  /**
   * The file's text for whole-file full-text search (null for files too large or binary,
   * and may be null when `searchText` is given: adapters then never read it).
   */
  text: string | null;
  /** Per-symbol body text for fielded search, keyed by symbol key (may be empty when `searchText` is given). */
  symbolBodies: Map<EntityKey, string>;
  /**
   * The full-text fields already code-tokenized by the producer (in parallel); when given,
   * adapters index exactly this instead of tokenizing `text` and `symbolBodies` themselves.
   */
  searchText?: SearchableText;
  /** What the file says it is for, its module, domain and top-level names (absent: none stored). */
  meta?: FileMetaRecord;
}

/** Size and mtime as last indexed, to skip unchanged files without reading them. */
export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  hash: string;
}

export interface CuratedReader {
  stats(): IndexStats;
  /**
   * A token that changes whenever the index's content may have changed since it was last
   * asked (a commit through any connection): while it stays the same, answers read earlier
   * are still the answers.
   */
  contentVersion(): string;
  /**
   * A reader reads one state of the index from open to close, so a command never sees an
   * index run half-way. This moves it to the newest state when that is complete and differs
   * from the one it reads (a long-lived reader calls it between tasks); returns whether it moved.
   */
  latest(): boolean;
  meta(key: string): string | null;

  file(path: string): FileRecord | null;
  files(filter?: FileFilter): FileRecord[];
  filePaths(): string[];

  symbolsOfFile(path: string): SymbolRecord[];
  symbol(key: EntityKey): SymbolRecord | null;
  /** Exact name match (case-sensitive), optionally restricted to kinds. */
  symbolsByName(name: string, kinds?: SymbolKind[]): SymbolRecord[];
  /** Case-insensitive name match, for query terms written in other case. */
  symbolsByNameInsensitive(name: string): SymbolRecord[];
  /** All symbols, for in-memory scoring; ordered by key. */
  allSymbols(): SymbolRecord[];

  importsOf(path: string): ImportRecord[];
  /** Every import, ordered by file and then source order (one read for whole-repository work). */
  allImports(): ImportRecord[];
  importedBy(path: string): ImportRecord[];

  /** Edges out of a symbol (key) or out of every symbol of a file (path). */
  referencesFrom(keyOrPath: string): ReferenceEdge[];
  /** Edges into a symbol (key) or into every symbol of a file (path). */
  referencesTo(keyOrPath: string): ReferenceEdge[];
  fileReferencesFrom(path: string): FileReferenceCount[];
  fileReferencesTo(path: string): FileReferenceCount[];

  coChangeNeighbours(path: string, minCount?: number): CoChangePair[];
  /** The commits of the mined history that touched the file, newest first (at most `limit`). */
  commitsOfFile(path: string, limit: number): FileCommit[];
  /** The file's metadata with its facts and the tests that import it; null for a file not indexed or indexed without one. */
  fileMeta(path: string): FileMetadata | null;

  docChunks(path?: string): DocChunk[];
  docChunk(id: string): DocChunk | null;
  docLinksFrom(chunkId: string): DocLink[];
  docLinksTo(pathOrKey: string): DocLink[];

  search(query: TextQuery): TextHit[];
  /** Commits of the mined history whose messages best match the terms (code-tokenized). */
  searchCommits(terms: string[], limit: number): CommitHit[];
  termStats(target: SearchTarget, terms: string[]): TermStats;

  /**
   * Checks the stored pages themselves; throws IndexError('INDEX_CORRUPT') on damage.
   * `quick` is linear in the size of the index; `full` also cross-checks every index
   * against its table (slower): for an explicit check.
   */
  checkIntegrity(depth: 'quick' | 'full'): void;

  close(): void;
}

/** A replacement of reference edges under way (IndexWriter.beginReplacingReferences). */
export interface ReferenceReplacement {
  /** More edges, each out of one of the replaced files. */
  add(edges: ReferenceEdge[]): void;
  /** Commits: the new edges replace the old ones. */
  finish(): void;
  /** Rolls back: the old edges stay. Does nothing after finish or abort. */
  abort(): void;
}

/**
 * Where another thread can open its own connection to a curated store. Plain data,
 * because it crosses a thread boundary; the thread's entry script maps it to an adapter.
 */
export interface StoreLocation {
  adapter: 'sqlite';
  indexDir: string;
  /** The full build under way (IndexTargets.openStaged), not the live index. */
  staged?: boolean;
}

/**
 * Where an index run writes. An incremental run updates the live index in place (readers
 * keep reading the state they opened); a full build — the first index, or a rebuild — is
 * staged apart and published in one step, so readers never see part of one.
 */
export interface IndexTargets {
  hasLive(indexDir: string): boolean;
  hasStaged(indexDir: string): boolean;
  openLive(indexDir: string): IndexWriter;
  openStaged(indexDir: string): IndexWriter;
  /** Replaces the live index with the staged build; every connection to the build must be closed. */
  publishStaged(indexDir: string): void;
  discardStaged(indexDir: string): void;
}

export interface IndexWriter extends CuratedReader {
  fingerprints(): Map<string, FileFingerprint>;

  /** Writes files (replacing earlier rows of the same paths) in one transaction. */
  writeFiles(files: IndexedFile[]): void;
  /** Removes files and everything hanging off them (symbols, edges, chunks, FTS rows). */
  deleteFiles(paths: string[]): void;
  /** Records a new size/mtime for files whose content hash did not change. */
  touchFiles(updates: { path: string; size: number; mtimeMs: number }[]): void;

  /** Raw references whose name is in `names` (for re-resolving after definitions change). */
  rawReferencesNamed(names: string[]): RawReference[];
  rawReferencesOf(paths: string[]): RawReference[];
  /** Replaces the resolved edges out of the given files. */
  replaceReferences(fromPaths: string[], edges: ReferenceEdge[]): void;
  /**
   * replaceReferences with the edges given in parts, as they are resolved: one transaction
   * from here to `finish`, so other connections see the old edges until then and none
   * after `abort`. Nothing else may be written through this writer meanwhile.
   */
  beginReplacingReferences(fromPaths: string[]): ReferenceReplacement;
  /** Replaces resolved edges out of the given symbol keys / file paths only. */
  replaceReferencesFromKeys(fromKeys: EntityKey[], edges: ReferenceEdge[]): void;
  replaceImportTargets(imports: ImportRecord[]): void;
  replaceDocLinks(fromPaths: string[], links: DocLink[]): void;
  replaceCoChange(pairs: CoChangePair[]): void;
  /** Adds pairs (or sets the count of pairs already stored), leaving the others alone. */
  addCoChange(pairs: CoChangePair[]): void;
  /** Commits keep every file they touched, indexed or not: the history as mined. */
  replaceCommits(commits: CommitRecord[]): void;
  /** The stored commits that touched any of `paths`, each with all its files (sorted). */
  commitsTouching(paths: string[]): { time: number; files: string[] }[];
  setFileHistory(history: { path: string; lastCommitAt: number | null; commitCount: number }[]): void;

  setMeta(key: string, value: string | null): void;
  setState(state: IndexState): void;
  /**
   * Repairs bookkeeping that a run killed between two of its transactions can leave
   * stale (SQLite: the FTS5 totals BM25 reads). Called by a run that finds the previous
   * one interrupted, before it writes.
   */
  repairAfterInterruption(): void;
  /** Runs `work` in one transaction: all of it lands or none. */
  transaction<T>(work: () => T): T;
}
