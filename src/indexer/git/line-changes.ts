// What recent commits changed inside a range of lines (a definition of the package), read
// from git for the historical section. Per range: `git rev-parse` (the range is that of the
// file on disk, so it is read only when that file is the file at HEAD — same blob id —
// otherwise the line numbers would be another file's); `git log -L`, which follows the
// range back through history (a definition that moved keeps its lines) and says where it
// stood in each commit; then, per commit, `git log --no-walk -p -U0` of the file, whose
// hunks inside that range are kept exactly as git printed them. Read-only, never a fetch
// (run-git.ts).

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LineHistoryReader, RangeChange, RangeRequest } from '../../core/line-history.js';
import { runGit } from './run-git.js';

export function gitLineHistory(root: string): LineHistoryReader {
  return {
    async changesIn(request) {
      // Checked on every call: the file may have changed since the last one.
      if (!(await diskMatchesHead(root, request.path))) return [];
      const spans = await rangeSpans(root, request);
      const changes: RangeChange[] = [];
      for (const span of spans) {
        const change = await changeInSpan(root, span);
        if (change !== null) changes.push(change);
      }
      return changes;
    },
  };
}

/** Where the range stood in a commit that changed it: the file's name then (from the top of the work tree) and its new-side lines. */
interface Span {
  sha: string;
  path: string;
  start: number;
  end: number;
}

async function diskMatchesHead(root: string, path: string): Promise<boolean> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, path));
  } catch {
    return false;
  }
  const run = await runGit(root, ['rev-parse', '--verify', '--quiet', `HEAD:./${path}`]);
  return run.code === 0 && run.stdout.trim() === blobId(bytes);
}

/** git's object id of a blob with these bytes (SHA-1 repositories; a SHA-256 one never matches, so it is skipped). */
function blobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

async function rangeSpans(root: string, request: RangeRequest): Promise<Span[]> {
  const range = `${request.startLine},${request.endLine}:${request.path}`;
  const run = await runGit(root, ['log', `-L${range}`, `-n${request.maxCommits}`, '--format=%x00%H', '--no-color', '--no-ext-diff', 'HEAD']);
  if (run.code !== 0) return [];
  const spans: Span[] = [];
  for (const record of run.stdout.split('\0').slice(1)) {
    const lines = record.split('\n');
    const sha = lines[0]!.trim();
    const target = lines.find((line) => line.startsWith('+++ '));
    const header = lines.find((line) => HUNK_HEADER.test(line));
    if (!/^[0-9a-f]{40,64}$/.test(sha) || target === undefined || header === undefined || !target.startsWith('+++ b/')) continue;
    const [start, count] = newSide(header);
    // git prints the path from the top of the work tree, whatever folder it runs in.
    spans.push({ sha, path: target.slice('+++ b/'.length), start, end: start + Math.max(count, 1) - 1 });
  }
  return spans;
}

/** A hunk header's new-side start and line count. */
function newSide(header: string): [number, number] {
  const match = HUNK_HEADER.exec(header)!;
  return [Number(match[1]), match[2] === undefined ? 1 : Number(match[2])];
}

/** The commit's `-U0` hunks of the file inside the span, or null when none falls in it. */
async function changeInSpan(root: string, span: Span): Promise<RangeChange | null> {
  const run = await runGit(root, ['log', '--no-walk', '-p', '-U0', '--format=', '--no-color', '--no-ext-diff', '--no-renames', span.sha, '--', `:(top)${span.path}`]);
  if (run.code !== 0) return null;
  const hunks: string[] = [];
  let changedLines = 0;
  let withinRange = true;
  for (const hunk of splitHunks(run.stdout)) {
    const [start, count] = newSide(hunk[0]!);
    const last = start + count - 1;
    // A pure removal (count 0) sits between line `start` and the next.
    const overlaps = count === 0 ? start >= span.start - 1 && start <= span.end : start <= span.end && last >= span.start;
    if (!overlaps) continue;
    hunks.push(hunk.join('\n'));
    if (count > 0 && (start < span.start || last > span.end)) withinRange = false;
    changedLines += hunk.filter((line, index) => index > 0 && (line.startsWith('-') || (line.startsWith('+') && insideAdded(hunk, index, start, span)))).length;
  }
  return hunks.length === 0 ? null : { sha: span.sha, hunks, changedLines, withinRange };
}

/** Whether the added line at `index` of the hunk lands inside the span (its new-side number). */
function insideAdded(hunk: string[], index: number, start: number, span: Span): boolean {
  const added = hunk.slice(1, index).filter((line) => line.startsWith('+')).length;
  const line = start + added;
  return line >= span.start && line <= span.end;
}

/** The hunks of a `-U0` diff: each its header line and the lines that follow it, as printed. */
function splitHunks(diff: string): string[][] {
  const hunks: string[][] = [];
  let current: string[] | null = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('@@ ')) hunks.push((current = [line]));
    else if (line.startsWith('diff --git ')) current = null;
    else if (current !== null && (line.startsWith('+') || line.startsWith('-') || line.startsWith('\\'))) current.push(line);
  }
  return hunks;
}
