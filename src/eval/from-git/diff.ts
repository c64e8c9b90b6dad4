// What a commit changed, read from git: its files with their status, and the line
// ranges of the parent's version of a file that the commit touched (`git diff -U0`).

import { git } from './git.js';

export interface ChangedFile {
  /** 'M' modified, 'A' added, 'D' deleted, 'T' type changed (renames show as D + A). */
  status: string;
  path: string;
}

/** Lines of the parent's file a hunk touches: `count` 0 means an insertion after `start`. */
export interface OldRange {
  start: number;
  count: number;
}

export async function changedFiles(cwd: string, parent: string, commit: string): Promise<ChangedFile[]> {
  const out = await git(cwd, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', '--name-status', parent, commit]);
  return parseNameStatus(out);
}

export function parseNameStatus(out: string): ChangedFile[] {
  const fields = out.split('\0');
  const files: ChangedFile[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const status = fields[at]!.trim();
    const path = fields[at + 1]!;
    if (status !== '' && path !== '') files.push({ status: status.charAt(0), path });
  }
  return files;
}

export async function oldRanges(cwd: string, parent: string, commit: string, path: string): Promise<OldRange[]> {
  const out = await git(cwd, [
    'diff', '-U0', '--no-renames', '--no-color', '--no-ext-diff', '--no-textconv', parent, commit, '--', path,
  ]);
  return parseHunkHeaders(out);
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

export function parseHunkHeaders(diff: string): OldRange[] {
  const ranges: OldRange[] = [];
  for (const line of diff.split('\n')) {
    const match = HUNK_HEADER.exec(line);
    if (match) ranges.push({ start: Number(match[1]), count: match[2] === undefined ? 1 : Number(match[2]) });
  }
  return ranges;
}
