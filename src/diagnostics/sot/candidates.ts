// The source of truth a failure is checked against: every file the index holds, plus the
// files of the configured folders (docs/, src/, tests/ by default) the index may not hold
// (a docs folder of .txt files, a repository never indexed). Read-only: folders are walked
// with stat and readdir, files read through a descriptor opened read-only, and a path
// whose real location leaves the repository is never read.

import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRecord } from '../../core/entities.js';
import { isWithin, walkInside, type SkippedEntry } from '../fs/safe-walk.js';
import { readHead, type FileHead } from '../fs/read-file.js';

export interface SotCandidate {
  path: string;
  mtimeMs: number;
  /** In the index (its record), or found only by walking a folder. */
  record: FileRecord | null;
}

export interface SotCandidates {
  byPath: Map<string, SotCandidate>;
  skipped: SkippedEntry[];
}

/** Folders never walked for the source of truth: dependencies, build output, caches, VCS. */
const SKIP_DIRS = new Set(['.git', '.hg', '.svn', 'node_modules', 'vendor', 'dist', 'build', 'target', '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache', '.pytest_cache', '.cairn']);
const MAX_FOLDER_ENTRIES = 50_000;

export function sotCandidates(options: {
  realRoot: string;
  folders: readonly string[];
  indexed: readonly FileRecord[] | null;
  /** Repository-relative paths (and everything below them) that are not source of truth: the run directory, the index (for an agent face, also what the repository hides). */
  exclude: (path: string, isDirectory: boolean) => boolean;
}): SotCandidates {
  const out: SotCandidates = { byPath: new Map(), skipped: [] };
  for (const record of options.indexed ?? []) {
    if (!options.exclude(record.path, false)) out.byPath.set(record.path, { path: record.path, mtimeMs: record.mtimeMs, record });
  }
  for (const folder of options.folders) {
    const clean = folder.replace(/\\/g, '/').replace(/^\.\/|\/+$/g, '');
    const absolute = join(options.realRoot, clean);
    if (clean === '' || !existsSync(absolute) || !isWithin(options.realRoot, realpathSync(absolute)) || options.exclude(clean, true)) continue;
    const walked = walkInside(absolute, { skipDirs: SKIP_DIRS, maxEntries: MAX_FOLDER_ENTRIES, exclude: (rel, isDirectory) => options.exclude(`${clean}/${rel}`, isDirectory) });
    out.skipped.push(...walked.skipped.map((entry) => ({ path: `${clean}/${entry.path}`, reason: entry.reason })));
    for (const file of walked.files) {
      const path = `${clean}/${file.path}`;
      if (!out.byPath.has(path)) out.byPath.set(path, { path, mtimeMs: file.mtimeMs, record: null });
    }
  }
  return out;
}

/** Reads a repository file's head, refusing a path whose real location is outside the repository. */
export function readRepoFile(realRoot: string, path: string, maxBytes: number): FileHead {
  const real = realpathSync(join(realRoot, path));
  if (!isWithin(realRoot, real)) throw Object.assign(new Error(`${path} leads outside the repository`), { code: 'EOUTSIDE' });
  return readHead(real, maxBytes);
}
