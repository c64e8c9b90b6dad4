// What given commits changed inside a range of lines (a definition of the package), read
// from git for the historical section. Per file: `git rev-parse HEAD:./path` (the range is
// that of the file on disk, so it is read only when that file is the file at HEAD — same
// blob id — otherwise the line numbers would be another file's); then per commit asked,
// `git diff-tree -U0 <sha> HEAD` of the file, which maps the range back to where it stood
// in that commit (line-range-map.ts), and `git log --no-walk -p -U0 <sha>` of the file,
// whose hunks inside that range are kept exactly as git printed them. Only the commits
// asked are read: following the range through the whole history (`git log -L`) took
// seconds a package on vite and trpc. Read-only, never a fetch (run-git.ts).

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LineHistoryReader, RangeChange } from '../../core/line-history.js';
import { hunkNewSide, rangeBefore, splitHunks, type LineRange } from './line-range-map.js';
import { runGit } from './run-git.js';

/** Diffs remembered (they never change for the same blobs and commit); beyond this many, forgotten. */
const MAX_REMEMBERED = 512;

export function gitLineHistory(root: string): LineHistoryReader {
  // Two definitions of one file, or one package fitted at several budgets, read the same diffs.
  const remembered = new Map<string, Promise<Diff>>();
  const diff: DiffReader = (key, args) => {
    let known = remembered.get(key);
    if (known === undefined) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      known = runGit(root, args).then((run) => (run.code === 0 ? run.stdout : null));
      remembered.set(key, known);
    }
    return known;
  };
  // Checked on every package (the file may have changed since the last one), but once for
  // the definitions of one file asked together: calls in flight share the check.
  const checking = new Map<string, Promise<string | null>>();
  const headOf = (path: string): Promise<string | null> => {
    let check = checking.get(path);
    if (check === undefined) {
      check = headBlobOfDisk(root, path).finally(() => checking.delete(path));
      checking.set(path, check);
    }
    return check;
  };
  return {
    async changesIn(request) {
      if (request.commits.length === 0) return [];
      const head = await headOf(request.path);
      if (head === null) return [];
      const range = { start: request.startLine, end: request.endLine };
      const read = await Promise.all(request.commits.map((sha) => changeOfCommit(diff, { path: request.path, head, sha }, range)));
      return read.filter((change) => change !== null);
    },
  };
}

/** A diff's text, or null when git could not give it. */
type Diff = string | null;
/** Runs a diff under a key that names everything its output depends on. */
type DiffReader = (key: string, args: string[]) => Promise<Diff>;

/** The file's blob id at HEAD when the file on disk is that blob; else null. */
async function headBlobOfDisk(root: string, path: string): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, path));
  } catch {
    return null;
  }
  const run = await runGit(root, ['rev-parse', '--verify', '--quiet', `HEAD:./${path}`]);
  const head = run.stdout.trim();
  return run.code === 0 && head === blobId(bytes) ? head : null;
}

/** git's object id of a blob with these bytes (SHA-1 repositories; a SHA-256 one never matches, so it is skipped). */
function blobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const DIFF_OPTIONS = ['-p', '-U0', '--no-color', '--no-ext-diff', '--no-renames'];

/** The commit's change inside the range (as it stood in that commit), or null when it changed none of it. */
async function changeOfCommit(diff: DiffReader, at: { path: string; head: string; sha: string }, headRange: LineRange): Promise<RangeChange | null> {
  const { path, head, sha } = at;
  if (!/^[0-9a-f]{40,64}$/.test(sha)) return null;
  // From the commit to HEAD: depends on the file's blob at HEAD, whatever HEAD's commit.
  const since = await diff(`since\0${sha}\0${head}\0${path}`, ['diff-tree', ...DIFF_OPTIONS, sha, 'HEAD', '--', path]);
  const range = since === null ? null : rangeBefore(splitHunks(since), headRange);
  if (range === null) return null;
  const own = await diff(`own\0${sha}\0${path}`, ['log', '--no-walk', '--format=', ...DIFF_OPTIONS, sha, '--', path]);
  return own === null ? null : changeInRange(sha, splitHunks(own), range);
}

function changeInRange(sha: string, hunks: string[][], range: LineRange): RangeChange | null {
  const kept: string[] = [];
  let changedLines = 0;
  let withinRange = true;
  for (const hunk of hunks) {
    const { start, count } = hunkNewSide(hunk[0]!);
    const last = start + count - 1;
    // A pure removal (count 0) sits between line `start` and the next.
    const overlaps = count === 0 ? start >= range.start - 1 && start <= range.end : start <= range.end && last >= range.start;
    if (!overlaps) continue;
    kept.push(hunk.join('\n'));
    if (count > 0 && (start < range.start || last > range.end)) withinRange = false;
    let added = 0;
    for (const line of hunk.slice(1)) {
      if (line.startsWith('-')) changedLines += 1;
      else if (line.startsWith('+')) {
        const at = start + added++;
        if (at >= range.start && at <= range.end) changedLines += 1;
      }
    }
  }
  return kept.length === 0 ? null : { sha, hunks: kept, changedLines, withinRange };
}
