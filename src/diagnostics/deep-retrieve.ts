// Deep retrieval for an escalated failure: the run's artifacts, the repository's source of
// truth and similar past failures, each category under the caps of the decision's priority.
// Strictly read-only: the run directory and the repository are read through stat, readdir
// and read-only descriptors; the index and the failure memory through read-only ports.

import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { PriorityCaps } from '../config/diagnostics-defaults.js';
import type { DiagnosticsConfig } from '../config/schema.js';
import type { Ranker } from '../search/rank/types.js';
import type { CuratedReader } from '../store/curated.js';
import type { FailureMemoryReader } from '../store/failures.js';
import type { HandoffBundle } from './bundle.js';
import { fillCategory, REDACTION_MARGIN_BYTES, type CapOutcome, type Loaded } from './caps.js';
import type { Priority } from './escalate.js';
import { bundleEvidence } from './evidence.js';
import type { SkippedEntry } from './fs/safe-walk.js';
import { takeMemoryEntries, type MemoryEntry } from './memory.js';
import type { RepositoryVisibility, RunDirectory } from './run-directory.js';
import { takeRunArtifacts, type RunArtifact } from './run-artifacts.js';
import { readRepoFile, sotCandidates } from './sot/candidates.js';
import { frameExcerpt, frameLinesByPath, type FrameExcerptInput } from './sot/frame-excerpt.js';
import { rankSot, type RankedSot } from './sot/rank.js';

export interface DeepRetrievalPorts {
  /** The index, read-only; null when there is no complete index (the source of truth is then ranked by keywords over the folders). */
  reader: CuratedReader | null;
  ranker: Ranker | null;
  failures: FailureMemoryReader;
}

export interface DeepRetrievalRequest {
  bundle: HandoffBundle;
  phaseId: string;
  priority: Priority;
  runDir: RunDirectory;
  repoRoot: string;
  /** Absolute folders that are not source of truth (the index directory); the run directory is always left out. */
  notSourceOfTruth?: string[];
  /** For an agent face: the repository paths it may read (the source-of-truth folders are walked through it). */
  visible?: RepositoryVisibility;
  settings: DiagnosticsConfig;
  now: number;
}

export interface DiagnosticReport {
  phaseId: string;
  timestamp: string;
  priority: Priority;
  caps: PriorityCaps;
  runArtifacts: CapOutcome<RunArtifact>;
  sotFiles: CapOutcome<RankedSot>;
  memoryEntries: CapOutcome<MemoryEntry>;
  /** The source-of-truth candidates in rank order (for the log: why each was or was not shown). */
  sotRanking: RankedSot[];
  skipped: { runDir: SkippedEntry[]; sourceOfTruth: SkippedEntry[] };
  notes: string[];
}

export async function deepRetrieve(ports: DeepRetrievalPorts, request: DeepRetrievalRequest): Promise<DiagnosticReport> {
  const { settings } = request;
  const caps = settings.caps[request.priority];
  const notes: string[] = [];
  const runArtifacts = takeRunArtifacts(request.runDir.walk.files, { now: request.now, windowHours: settings.recencyHours, cap: caps.runArtifacts, minTruncatedBytes: settings.minTruncatedBytes });
  if (request.runDir.walk.cut) notes.push(`the run directory holds more entries than are walked: only the first ones were considered`);
  const realRoot = realpathSync(request.repoRoot);
  const excluded = [realpathSync(request.runDir.path), ...(request.notSourceOfTruth ?? []).flatMap(realOrNothing)]
    .map((folder) => relative(realRoot, folder))
    .filter((rel) => rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep))
    .map((rel) => rel.split(sep).join('/'));
  const visible = request.visible;
  const exclude = (path: string, isDirectory: boolean): boolean => excluded.some((folder) => path === folder || path.startsWith(`${folder}/`)) || (visible !== undefined && !visible(path, isDirectory));
  const candidates = sotCandidates({ realRoot, folders: settings.sotFolders, indexed: ports.reader?.files() ?? null, exclude });
  if (ports.reader === null) notes.push(`no complete index: the source of truth is ${settings.sotFolders.join(', ')} ranked by ${settings.sotRanking === 'cairn' ? 'stack frames, recent changes and keywords' : 'keywords'}`);
  const evidence = bundleEvidence(request.bundle);
  const sotRanking = await rankSot({ reader: ports.reader, ranker: ports.ranker, realRoot, candidates, bundle: request.bundle, evidence, mode: settings.sotRanking });
  const framed = frameLinesByPath(evidence.frames, candidates.byPath.keys());
  const share = Math.floor(caps.sotFiles.bytes / Math.max(1, caps.sotFiles.count));
  const sotFiles = fillCategory(
    sotRanking.map((ranked) => {
      const lines = framed.get(ranked.path);
      const load = (maxBytes: number) => (lines ? framedText(realRoot, ranked.path, { lines, maxBytes: excerptBytes(maxBytes), shareBytes: share, symbols: ports.reader?.symbolsOfFile(ranked.path) ?? [] }, maxBytes) : repoText(realRoot, ranked.path, maxBytes));
      return { id: ranked.path, item: ranked, load };
    }),
    caps.sotFiles,
    settings.minTruncatedBytes,
  );
  const memoryEntries = takeMemoryEntries(ports.failures, request.bundle, caps.memoryEntries, settings.minTruncatedBytes);
  const redactionNote = redactedNote([runArtifacts, sotFiles, memoryEntries]);
  if (redactionNote !== null) notes.push(redactionNote);
  return {
    phaseId: request.phaseId,
    timestamp: new Date(request.now).toISOString(),
    priority: request.priority,
    caps,
    runArtifacts,
    sotFiles,
    memoryEntries,
    sotRanking,
    skipped: { runDir: request.runDir.walk.skipped, sourceOfTruth: candidates.skipped },
    notes,
  };
}

/** One note for the values replaced by "[redacted]" across the categories, by kind (never the values). */
function redactedNote(outcomes: readonly CapOutcome<unknown>[]): string | null {
  const total: Record<string, number> = {};
  for (const outcome of outcomes) for (const [kind, count] of Object.entries(outcome.redacted)) total[kind] = (total[kind] ?? 0) + count;
  const kinds = Object.entries(total).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (kinds.length === 0) return null;
  const count = kinds.reduce((sum, [, n]) => sum + n, 0);
  return `${count} value${count === 1 ? '' : 's'} that look${count === 1 ? 's' : ''} like a credential replaced by [redacted] (${kinds.map(([kind, n]) => `${kind} ${n}`).join(', ')})`;
}

function repoText(realRoot: string, path: string, maxBytes: number): Loaded | { skip: string } {
  try {
    const head = readRepoFile(realRoot, path, maxBytes);
    return head.binary ? { skip: 'binary (a NUL byte in its first 8 KiB)' } : { text: head.text, complete: head.complete };
  } catch (error) {
    return { skip: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}

/**
 * The bytes a frame's excerpt may take: what the category has left. A load is asked for one
 * byte more (to tell a cut) and the redaction margin (caps.ts) beyond that; an excerpt that
 * took them would be cut again.
 */
function excerptBytes(loadBytes: number): number {
  return Math.max(0, loadBytes - 1 - REDACTION_MARGIN_BYTES);
}

/** Bytes of a file read for the code around a frame: files larger are evidence by their head. */
const FRAMED_READ_BYTES = 4 * 1024 * 1024;

/**
 * A file a frame points into: the code around the frame's line (frame-excerpt.ts), within
 * `maxBytes`; its head when the trace's lines are not in it.
 */
function framedText(realRoot: string, path: string, input: Omit<FrameExcerptInput, 'text'>, loadBytes: number): Loaded | { skip: string } {
  const whole = repoText(realRoot, path, FRAMED_READ_BYTES);
  if ('skip' in whole || !whole.complete) return 'skip' in whole ? whole : repoText(realRoot, path, loadBytes);
  const excerpt = frameExcerpt({ ...input, text: whole.text });
  if (excerpt === null) return repoText(realRoot, path, loadBytes);
  return { text: excerpt.text, complete: true, ...(excerpt.what === 'whole' ? {} : { part: excerpt.what }) };
}

function realOrNothing(path: string): string[] {
  try {
    return [realpathSync(path)];
  } catch {
    return [];
  }
}
