// Reads the ignore files the walker honours: .gitignore and .cairnignore in every folder,
// those of folders between the git work-tree top and the root (when the root is a
// subfolder), and .git/info/exclude. Read-only; a file that cannot be read counts as empty.

import path from 'node:path';
import type { WalkFs } from './walk-fs.js';

export const IGNORE_FILE_NAMES = ['.gitignore', '.cairnignore'] as const;

function readOrEmpty(fs: WalkFs, file: string): string {
  try {
    return fs.readText(file);
  } catch {
    return '';
  }
}

/**
 * Texts of the ignore files present in a folder (gitignore first, so cairnignore wins).
 * With `rootReal`, an ignore file that resolves outside that folder tree (a link the
 * repository ships) is not read and counts as empty, like any repository file.
 */
export function folderIgnoreTexts(fs: WalkFs, dirAbs: string, names: ReadonlySet<string>, rootReal?: string): string[] {
  return IGNORE_FILE_NAMES.filter((name) => names.has(name)).map((name) => {
    const file = path.join(dirAbs, name);
    return rootReal === undefined || resolvesInside(fs, file, rootReal) ? readOrEmpty(fs, file) : '';
  });
}

function resolvesInside(fs: WalkFs, file: string, rootReal: string): boolean {
  try {
    const real = fs.realpath(file);
    return real.startsWith(`${rootReal}${path.sep}`);
  } catch {
    return false;
  }
}

/** The folder holding `.git` at or above `start`, or null outside a work tree. */
function findWorkTreeTop(fs: WalkFs, start: string): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.exists(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Where info/exclude lives: `.git/info`, or for a linked work tree its common git dir. */
function gitCommonDir(fs: WalkFs, top: string): string | null {
  const dotGit = path.join(top, '.git');
  let gitDir = dotGit;
  try {
    if (!fs.stat(dotGit).isDirectory()) {
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(fs.readText(dotGit));
      if (!pointer?.[1]) return null;
      gitDir = path.resolve(top, pointer[1]);
    }
  } catch {
    return null;
  }
  const common = readOrEmpty(fs, path.join(gitDir, 'commondir')).trim();
  return common === '' ? gitDir : path.resolve(gitDir, common);
}

export interface OuterIgnoreContext {
  outer: { texts: string[]; rootPrefix: string }[];
  infoExclude: { text: string; rootPrefix: string } | null;
}

/** Ignore files that apply to the root from outside it (see file comment). */
export function outerIgnoreContext(fs: WalkFs, rootReal: string): OuterIgnoreContext {
  const top = findWorkTreeTop(fs, rootReal);
  if (top === null) return { outer: [], infoExclude: null };
  const outer: OuterIgnoreContext['outer'] = [];
  for (let dir = rootReal; dir !== top; ) {
    dir = path.dirname(dir);
    const rootPrefix = `${path.relative(dir, rootReal).split(path.sep).join('/')}/`;
    outer.unshift({ texts: folderIgnoreTexts(fs, dir, new Set(IGNORE_FILE_NAMES)), rootPrefix });
  }
  const common = gitCommonDir(fs, top);
  const infoText = common === null ? '' : readOrEmpty(fs, path.join(common, 'info', 'exclude'));
  const topPrefix = top === rootReal ? '' : `${path.relative(top, rootReal).split(path.sep).join('/')}/`;
  return { outer, infoExclude: infoText === '' ? null : { text: infoText, rootPrefix: topPrefix } };
}
