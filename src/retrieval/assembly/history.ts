// The historical section of a package: how the code the task is about came to be. For the
// files the package is most about (homes of the primary definitions, then files by their
// standing), the commits of the mined history that touched them, newest first, one line
// each, with the lines each changed inside the main definitions when a line-history reader
// is given (history-changes.ts) — a regression's report then sits beside the commit that
// changed the code, and the change itself. Bounded by its share of the budget before
// fitting; the fitter counts it with the header and footer, so the package stays within
// the budget whatever the section holds.

import type { HistoryChange, HistoryEntry } from '../../core/context-package.js';
import type { LineHistoryReader } from '../../core/line-history.js';
import { redactSecrets } from '../../core/redact.js';
import type { CuratedReader, FileCommit } from '../../store/curated.js';
import type { RetrievalContext } from '../stages/stage.js';
import { compareText } from '../../core/compare.js';
import { changesBySha } from './history-changes.js';

export interface HistoryRequest {
  /** Commits per file (0: no section). */
  commitsPerFile: number;
  /** The share of the available budget the section may take (default: a tenth). */
  share?: number;
  /** Reads what commits changed inside a definition's lines; absent: commit lines only. */
  lines?: LineHistoryReader | null;
}

/** The most commits per file a caller may ask for. */
export const MAX_HISTORY_COMMITS = 50;
/** Files whose history is shown: the section is about the code to change, not its context. */
const HISTORY_FILES = 5;
/** Largest share of the available budget the section may take, unless the caller sets one. */
export const HISTORY_SHARE = 0.1;
/** A pessimistic characters-per-token ratio for commit lines (hashes and dates tokenize densely). */
const CHARS_PER_TOKEN = 2.5;
const MAX_SUBJECT_CHARS = 120;

export async function historySection(reader: CuratedReader, context: RetrievalContext, request: HistoryRequest): Promise<HistoryEntry[]> {
  if (request.commitsPerFile <= 0) return [];
  const files = historyFiles(context).filter((path) => reader.file(path)?.kind === 'code').slice(0, HISTORY_FILES);
  const bySha = new Map<string, { commit: FileCommit; files: string[] }>();
  for (const path of files) {
    for (const commit of reader.commitsOfFile(path, request.commitsPerFile)) {
      const entry = bySha.get(commit.sha);
      if (entry) entry.files.push(path);
      else bySha.set(commit.sha, { commit, files: [path] });
    }
  }
  const newestFirst = [...bySha.values()].sort((a, b) => b.commit.time - a.commit.time || compareText(a.commit.sha, b.commit.sha));
  const changes = request.lines ? await changesBySha(request.lines, reader, context, commitsByFile(bySha.values())) : new Map<string, HistoryChange[]>();
  const entries = newestFirst.map(({ commit, files: touched }) => historyEntry(commit, touched, changes.get(commit.sha)));
  return withinShare(entries, context.budget.available * (request.share ?? HISTORY_SHARE));
}

/** The section's commits of each file, full hashes, newest first. */
function commitsByFile(entries: Iterable<{ commit: FileCommit; files: string[] }>): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const { commit, files } of entries) for (const path of files) byFile.set(path, [...(byFile.get(path) ?? []), commit.sha]);
  return byFile;
}

/**
 * Homes of the primary definitions (strongest first), then the other files by standing;
 * the caller keeps the code among them (docs and configuration have a section of their own).
 */
function historyFiles(context: RetrievalContext): string[] {
  const order = new Set<string>();
  const primaries = context.symbols.filter((symbol) => symbol.class === 'primary').sort((a, b) => b.score - a.score);
  for (const symbol of primaries) order.add(symbol.path);
  const files = [...context.files].sort((a, b) => (b.standing ?? -1) - (a.standing ?? -1) || a.tier - b.tier || b.score - a.score);
  for (const file of files) order.add(file.path);
  return [...order];
}

function historyEntry(commit: FileCommit, files: string[], changes: HistoryChange[] | undefined): HistoryEntry {
  // A commit message can hold a credential as well as code can.
  const clean = redactSecrets(commit.subject).text;
  const subject = clean.length > MAX_SUBJECT_CHARS ? `${clean.slice(0, MAX_SUBJECT_CHARS - 1)}…` : clean;
  const entry: HistoryEntry = { sha: commit.sha.slice(0, 12), date: new Date(commit.time * 1000).toISOString().slice(0, 10), subject, files };
  return changes && changes.length > 0 ? { ...entry, changes } : entry;
}

/**
 * The newest entries that fit the section's tokens; an entry whose diffs do not fit is kept
 * with their counts alone when that fits.
 */
function withinShare(entries: HistoryEntry[], tokens: number): HistoryEntry[] {
  let room = Math.floor(tokens * CHARS_PER_TOKEN);
  const kept: HistoryEntry[] = [];
  for (const entry of entries) {
    const fitting = [entry, countsOnly(entry)].find((form) => entryChars(form) <= room);
    if (fitting === undefined) break;
    room -= entryChars(fitting);
    kept.push(fitting);
  }
  return kept;
}

function countsOnly(entry: HistoryEntry): HistoryEntry {
  return entry.changes ? { ...entry, changes: entry.changes.map((change) => ({ ...change, diff: null })) } : entry;
}

function entryChars(entry: HistoryEntry): number {
  const line = entry.sha.length + entry.date.length + entry.subject.length + entry.files.join(', ').length + 8;
  return line + (entry.changes ?? []).reduce((sum, change) => sum + change.symbol.length + change.path.length + 40 + (change.diff?.length ?? 0), 0);
}
