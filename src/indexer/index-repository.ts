// `cairn index`: scan → extract changed files (worker threads) → write in transactions →
// link (imports, references, doc mentions, git history). Progress is an async generator;
// its return value is the summary. Every write is transactional and the index state is
// 'building' until the run completes, so a run killed anywhere is completed by the next.

import { randomUUID } from 'node:crypto';
import type { IndexConfig } from '../config/schema.js';
import type { Embedder } from '../providers/embed/port.js';
import { repoBytesOrNull } from '../core/repo-files.js';
import type { FileFingerprint, IndexedFile, IndexTargets, IndexWriter, StoreLocation } from '../store/curated.js';
import type { EnrichmentReader } from '../store/enrichment.js';
import type { VectorIndex } from '../store/vector.js';
import type { VectorSummary } from './embed/embed-step.js';
import type { LinkSummary } from './link.js';
import { ChangeTracker } from './change-tracker.js';
import { EXTRACTION_VERSION, EXTRACTION_VERSION_META } from './extraction-version.js';
import { startHistoryRead, type HistoryRead } from './git/prefetch.js';
import { sha256 } from './hash.js';
import { FILE_META_VERSION, FILE_META_VERSION_META } from './file-meta/file-meta.js';
import { prepareIndexDir } from './index-dir.js';
import { openTarget } from './index-target.js';
import { acquireIndexLock } from './lock.js';
import { type IndexedFiles, scanRepository, type ScanOutcome, type ScanResult } from './scan.js';
import { parseMemo, serializeMemo } from './scan-memo.js';
import { recordWorkspacePackages } from './workspace-record.js';
import type { SkipReason, WalkedFile } from './walk/types.js';

export interface IndexRunOptions {
  root: string;
  indexDir: string;
  config: IndexConfig;
  /** The live index and the staged full build (see IndexTargets). */
  targets: IndexTargets;
  /** Build from nothing, staged; the live index serves readers until the build replaces it. */
  rebuild?: boolean;
  /** Extraction worker threads; default one per core (max 4); small runs stay in-process. */
  workers?: number;
  /** Where other threads can open the live index (the link thread: docs and edge writes); without it, everything runs in this thread. */
  storeLocation?: StoreLocation;
  /** Symbol vectors (optional): embedded after linking, once the curated index is complete. */
  vectors?: VectorStepOptions;
  /** How long before the walk a change must be for the scan memo to trust it (default: by timestamp granularity, see scan-memo.ts). */
  racyMarginMs?: number;
}

export interface VectorStepOptions {
  embedder: Embedder;
  openIndex: (indexDir: string) => VectorIndex;
  /** embed.maxInputChars: chunks are cut to this before hashing and embedding. */
  maxInputChars: number;
  /** Opens the promoted file summaries (`cairn enrich`) to embed beside the symbols; absent or null: none. */
  openSummaries?: (indexDir: string) => EnrichmentReader | null;
}

export type IndexProgress =
  | { phase: 'scan' }
  | { phase: 'extract'; done: number; total: number }
  | { phase: 'link'; step: string };

export interface IndexSummary {
  root: string;
  indexDir: string;
  files: number;
  symbols: number;
  edges: { imports: number; references: number; docLinks: number; coChange: number };
  run: {
    seen: number;
    added: number;
    changed: number;
    removed: number;
    unchanged: number;
    touched: number;
    /** How the scan was answered: 'walk', or from the last walk's memo (scan.ts, scan-memo.ts). */
    scan: ScanOutcome['mode'];
  };
  skipped: Partial<Record<SkipReason, number>>;
  skippedPaths: ScanResult['skippedPaths'];
  /** Files by language whose tree-sitter parse failed or was partial. */
  parseFailures: Record<string, number>;
  regexFallbacks: number;
  link: LinkSummary;
  /** The embedding step, when an embedder is configured; null otherwise. */
  vectors: VectorSummary | null;
  /** What this run could not do fully, one line each (e.g. history a shallow clone lacks); faces print them. */
  warnings: string[];
  seconds: number;
  /** Peak resident memory of this process (worker threads included), MiB. */
  peakRssMb: number;
}

/** Index meta key of the last complete run's scan memo (scan-memo.ts). */
export const SCAN_MEMO_META = 'scanMemo';

/** Below this many files to extract, worker start-up costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 64;
const BATCH_FILES = 200;
const BATCH_BYTES = 16 * 1024 * 1024;

export async function* indexRepository(options: IndexRunOptions): AsyncGenerator<IndexProgress, IndexSummary> {
  const started = performance.now();
  prepareIndexDir(options.indexDir);
  const lock = acquireIndexLock(options.indexDir);
  let writer: IndexWriter;
  let staged: boolean;
  try {
    ({ writer, staged } = openTarget(options));
  } catch (error) {
    lock.release();
    throw error;
  }
  const run = staged && options.storeLocation ? { ...options, storeLocation: { ...options.storeLocation, staged: true } } : options;
  try {
    const interrupted = writer.meta('state') === 'building';
    // A run that died may have died of the disk or of damage: its pages are checked
    // before this run builds on them (INDEX_CORRUPT, with `--rebuild` as the way out).
    if (interrupted) {
      writer.checkIntegrity('quick');
      writer.repairAfterInterruption();
    }
    // A stable identity for caches of derived data (e.g. the ranker's repository graph).
    if (writer.meta('indexId') === null) writer.setMeta('indexId', randomUUID());
    // Files extracted by an older version (tokenization, keys, ranges, file metadata) must all be re-extracted (their hashes match).
    const retokenize = writer.meta(EXTRACTION_VERSION_META) !== EXTRACTION_VERSION || writer.meta(FILE_META_VERSION_META) !== FILE_META_VERSION;
    const indexed = indexedFiles(writer, retokenize);
    // Started before the walk: git answers (and reads the history, when stale) meanwhile.
    const historyRead = startHistoryRead(options.root, writer, options.config.cochange, interrupted);
    historyRead.catch(() => undefined); // awaited below; this only keeps a failure from counting as unhandled
    yield { phase: 'scan' };
    // A memo is trusted only after a complete run of the same tokenization.
    const memo = interrupted || retokenize ? null : parseMemo(writer.meta(SCAN_MEMO_META));
    const scan = await scanRepository(
      options.root,
      {
        maxFileBytes: options.config.maxFileBytes,
        includeVendored: options.config.includeVendored,
        exclude: options.config.exclude,
        indexDir: options.indexDir,
      },
      indexed,
      { memo, remember: true, ...(options.racyMarginMs !== undefined ? { racyMarginMs: options.racyMarginMs } : {}) },
    );
    const nothingToDo = scan.candidates.length === 0 && scan.deleted.length === 0 && !interrupted;
    if (!nothingToDo) writer.setState('building');

    const history = await historyRead;
    const changes = new ChangeTracker(writer);
    changes.noteRemoved(scan.deleted);
    writer.deleteFiles(scan.deleted);
    const extracted = yield* extractCandidates(options, writer, scan.candidates, changes, indexed.fingerprints());

    const link = yield* linkIfNeeded(run, writer, interrupted, changes, history);
    recordWorkspacePackages(options.root, writer, changes.all().map((change) => change.path));
    if (!nothingToDo || writer.meta('state') !== 'complete') {
      writer.setMeta('indexedAt', String(Date.now()));
      writer.setMeta(EXTRACTION_VERSION_META, EXTRACTION_VERSION);
      writer.setMeta(FILE_META_VERSION_META, FILE_META_VERSION);
      writer.setState('complete');
    }
    // A file the walk found but could not read is not in the index: the memo would hide it.
    if (scan.mode !== 'memo') writer.setMeta(SCAN_MEMO_META, scan.memo && extracted.unreadable === 0 ? serializeMemo(scan.memo) : null);
    if (staged) {
      // Complete: it replaces the live index in one step, and the run goes on with that.
      writer.close();
      options.targets.publishStaged(options.indexDir);
      writer = options.targets.openLive(options.indexDir);
    }
    // After 'complete': an embedding failure leaves a complete curated index behind.
    const vectors = options.vectors ? yield* embedStep(options, options.vectors, writer) : null;
    return summarize(options, writer, scan, extracted, changes, { link, vectors }, started);
  } finally {
    writer.close();
    lock.release();
  }
}

/**
 * The index's files for the scan, fingerprints loaded on first use (a scan answered from
 * its memo needs only the count). With `retokenize`, every fingerprint is marked stale.
 */
function indexedFiles(writer: IndexWriter, retokenize: boolean): IndexedFiles {
  let loaded: Map<string, FileFingerprint> | null = null;
  return {
    count: () => writer.stats().files,
    fingerprints: () => {
      if (loaded !== null) return loaded;
      loaded = writer.fingerprints();
      if (retokenize) for (const [path, known] of loaded) loaded.set(path, { ...known, size: -1, hash: '' });
      return loaded;
    },
  };
}

const NOTHING_LINKED: LinkSummary = { importsResolved: 0, referenceFilesResolved: 0, docLinks: 0, gitMined: false, gitNote: null };

/**
 * The link phase, when anything can have changed: files, or the git history (HEAD moved,
 * or mined by an older cairn; read meanwhile, see git/prefetch.ts). Its modules load only then, which keeps a no-change run
 * (the refresh before every search) fast.
 */
async function* linkIfNeeded(
  options: IndexRunOptions,
  writer: IndexWriter,
  interrupted: boolean,
  changes: ChangeTracker,
  history: HistoryRead,
): AsyncGenerator<IndexProgress, LinkSummary> {
  const changed = changes.all();
  if (changed.length === 0 && !interrupted && !history.needed) return NOTHING_LINKED;
  const { linkIndex } = await import('./link.js');
  const steps = linkIndex({
    root: options.root,
    writer,
    config: options.config,
    full: interrupted,
    changes: changed,
    history,
    // `workers: 0` asks for no threads at all.
    ...(options.storeLocation && options.workers !== 0 ? { storeLocation: options.storeLocation } : {}),
  });
  for (let next = await steps.next(); ; next = await steps.next()) {
    if (next.done) return next.value;
    yield { phase: 'link', step: next.value };
  }
}

async function* embedStep(options: IndexRunOptions, step: VectorStepOptions, writer: IndexWriter): AsyncGenerator<IndexProgress, VectorSummary> {
  const vectors = step.openIndex(options.indexDir);
  const summaries = step.openSummaries?.(options.indexDir) ?? null;
  try {
    const input = { root: options.root, source: writer, vectors, embedder: step.embedder, maxInputChars: step.maxInputChars, rebuilt: options.rebuild === true, summaries };
    const { embedSymbols } = await import('./embed/embed-step.js');
    const steps = embedSymbols(input);
    for (let next = await steps.next(); ; next = await steps.next()) {
      if (next.done) return next.value;
      yield { phase: 'link', step: next.value };
    }
  } finally {
    summaries?.close();
    vectors.close();
  }
}

interface ExtractOutcome {
  touched: number;
  parseFailures: Record<string, number>;
  regexFallbacks: number;
  unreadable: number;
}

async function* extractCandidates(
  options: IndexRunOptions,
  writer: IndexWriter,
  candidates: WalkedFile[],
  changes: ChangeTracker,
  fingerprints: Map<string, FileFingerprint>,
): AsyncGenerator<IndexProgress, ExtractOutcome> {
  const outcome: ExtractOutcome = { touched: 0, parseFailures: {}, regexFallbacks: 0, unreadable: 0 };
  if (candidates.length === 0) return outcome;
  const { createFileProcessor, defaultWorkerCount } = await import('./extract-pool.js');
  const workers = candidates.length >= MIN_FILES_FOR_WORKERS ? (options.workers ?? defaultWorkerCount()) : 0;
  const processor = createFileProcessor(workers);
  const batch = new WriteBatch(writer, changes);
  const inFlight = new Set<Promise<void>>();
  // Deep enough that workers keep busy while this thread writes a batch: a write
  // transaction blocks it for a few hundred ms, during which nothing new is handed out,
  // and a sympy file is ~5 ms of a worker's time. 16 per worker left them idle part of
  // those waits (full sympy index 11.6–12.1 s); 64: 10.9–11.0 s; 256 no better.
  const maxInFlight = Math.max(4, processor.workers * 64);
  let done = 0;
  try {
    for (const candidate of candidates) {
      // Read inside the repository only, and no larger than the walk allowed: the file may
      // have been replaced (by a link leaving the repository) or grown since the walk.
      const content = repoBytesOrNull(options.root, candidate.path, { maxBytes: options.config.maxFileBytes });
      if (content === null) {
        outcome.unreadable++;
        done++;
        continue;
      }
      // Only a file known before can turn out unchanged (touched); the worker hashes new ones.
      const known = fingerprints.get(candidate.path);
      if (known !== undefined && known.hash === sha256(content)) {
        writer.touchFiles([{ path: candidate.path, size: candidate.size, mtimeMs: candidate.mtimeMs }]);
        outcome.touched++;
        done++;
        continue;
      }
      const job = processor
        .process({ path: candidate.path, size: candidate.size, mtimeMs: candidate.mtimeMs, content })
        .then((indexed) => {
          noteParse(outcome, indexed);
          batch.add(indexed);
          done++;
        });
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job)).catch(() => undefined);
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      if (done % 50 === 0) yield { phase: 'extract', done, total: candidates.length };
    }
    await Promise.all(inFlight);
    batch.flush();
    yield { phase: 'extract', done, total: candidates.length };
    return outcome;
  } finally {
    await processor.close();
  }
}

function noteParse(outcome: ExtractOutcome, indexed: IndexedFile): void {
  const { file } = indexed;
  if (file.method === 'regex' && file.parseNote?.includes('tree-sitter failed')) outcome.regexFallbacks++;
  if (file.parseNote && file.method !== 'none' && file.parseNote !== 'invalid UTF-8 replaced') {
    outcome.parseFailures[file.language] = (outcome.parseFailures[file.language] ?? 0) + 1;
  }
}

/** Collects extracted files and writes them in transactions of bounded size. */
class WriteBatch {
  private files: IndexedFile[] = [];
  private bytes = 0;
  constructor(
    private readonly writer: IndexWriter,
    private readonly changes: ChangeTracker,
  ) {}

  add(indexed: IndexedFile): void {
    this.files.push(indexed);
    this.bytes += indexed.file.size;
    if (this.files.length >= BATCH_FILES || this.bytes >= BATCH_BYTES) this.flush();
  }

  flush(): void {
    if (this.files.length === 0) return;
    const files = this.files;
    this.files = [];
    this.bytes = 0;
    this.changes.noteWritten(files);
    this.writer.writeFiles(files);
  }
}

function summarize(
  options: IndexRunOptions,
  writer: IndexWriter,
  scan: ScanOutcome,
  extracted: ExtractOutcome,
  changes: ChangeTracker,
  { link, vectors }: { link: LinkSummary; vectors: VectorSummary | null },
  started: number,
): IndexSummary {
  const stats = writer.stats();
  const added = changes.addedPaths.length;
  return {
    root: options.root,
    indexDir: options.indexDir,
    files: stats.files,
    symbols: stats.symbols,
    edges: { imports: stats.imports, references: stats.references, docLinks: stats.docLinks, coChange: stats.coChangePairs },
    run: {
      seen: scan.seen,
      added,
      changed: changes.writtenPaths.length - added,
      removed: scan.deleted.length,
      unchanged: scan.unchanged,
      touched: extracted.touched,
      scan: scan.mode,
    },
    skipped: { ...scan.skipped, ...(extracted.unreadable ? { unreadable: (scan.skipped.unreadable ?? 0) + extracted.unreadable } : {}) },
    skippedPaths: scan.skippedPaths,
    parseFailures: extracted.parseFailures,
    regexFallbacks: extracted.regexFallbacks,
    link,
    vectors,
    warnings: link.gitNote === null ? [] : [link.gitNote],
    seconds: Math.round((performance.now() - started) / 10) / 100,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}
