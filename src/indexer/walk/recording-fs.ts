// A WalkFs that notes every file-system fact the walk read, so that a later run can tell,
// with one stat per fact, whether walking again could give a different answer.
//
// The walk is a function of its options and of what it reads through WalkFs: folder
// listings, stats, ignore-file texts, readability and existence. Every one of those is
// covered by a path's change time (ctime), which the kernel moves on any change to the
// inode: content, size, mode, owner, links — and, for a folder, any entry added, removed
// or renamed. Existence checks (`.git` above the root) are noted as presence only: the
// ctime of a `.git` folder moves with every git command. Real paths are noted as what
// they resolved to: they depend on the links along the path, not on the target's inode
// (the index folder's ctime moves with every run, its real path does not).

import type { Dirent, Stats } from 'node:fs';
import type { WalkFs } from './walk-fs.js';

/** What a walk read: ctime per path (null: could not be stat'ed), presence per path, real paths (null: failed). */
export interface WalkInputs {
  ctimes: [path: string, ctimeMs: number | null][];
  presence: [path: string, present: boolean][];
  realpaths: [path: string, real: string | null][];
}

export class RecordingWalkFs implements WalkFs {
  private readonly ctimes = new Map<string, number | null>();
  private readonly presence = new Map<string, boolean>();
  private readonly realpaths = new Map<string, string | null>();
  /** Paths whose content the walk read (folder listings, ignore files), not only their stats. */
  readonly read = new Set<string>();

  constructor(private readonly inner: WalkFs) {}

  readdir(dir: string): Dirent[] {
    // Noted before listing: an entry added meanwhile moves the ctime past the noted one.
    this.note(dir);
    this.read.add(dir);
    return this.inner.readdir(dir);
  }

  stat(path: string): Stats {
    let stats: Stats;
    try {
      stats = this.inner.stat(path);
    } catch (error) {
      this.noteOnce(path, null);
      throw error;
    }
    this.noteOnce(path, stats.ctimeMs);
    return stats;
  }

  realpath(path: string): string {
    const real = realOrNull(this.inner, path);
    if (!this.realpaths.has(path)) this.realpaths.set(path, real);
    // Called again for the error, so a failure surfaces exactly as the inner fs raises it.
    return real ?? this.inner.realpath(path);
  }

  readText(path: string): string {
    this.note(path);
    this.read.add(path);
    return this.inner.readText(path);
  }

  assertReadable(path: string): void {
    this.note(path);
    this.inner.assertReadable(path);
  }

  exists(path: string): boolean {
    const present = this.inner.exists(path);
    if (!this.presence.has(path)) this.presence.set(path, present);
    return present;
  }

  inputs(): WalkInputs {
    return { ctimes: [...this.ctimes], presence: [...this.presence], realpaths: [...this.realpaths] };
  }

  private note(path: string): void {
    if (!this.ctimes.has(path)) this.noteOnce(path, ctimeOf(this.inner, path));
  }

  /** The first fact noted for a path is kept: it is the one taken before the path was read. */
  private noteOnce(path: string, ctimeMs: number | null): void {
    if (!this.ctimes.has(path)) this.ctimes.set(path, ctimeMs);
  }
}

/** A path's ctime through `fs` (following links), or null when it cannot be stat'ed. */
export function ctimeOf(fs: WalkFs, path: string): number | null {
  try {
    return fs.stat(path).ctimeMs;
  } catch {
    return null;
  }
}

function realOrNull(fs: WalkFs, path: string): string | null {
  try {
    return fs.realpath(path);
  } catch {
    return null;
  }
}

/** Whether every fact in `inputs` still holds: then a walk would read exactly what it read. */
export function walkInputsUnchanged(inputs: WalkInputs, fs: WalkFs): boolean {
  for (const [path, ctimeMs] of inputs.ctimes) if (ctimeOf(fs, path) !== ctimeMs) return false;
  return pathFactsUnchanged(inputs, fs);
}

/** Whether the presence and real-path facts still hold (the ctimes are not checked). */
export function pathFactsUnchanged(inputs: WalkInputs, fs: WalkFs): boolean {
  for (const [path, present] of inputs.presence) if (fs.exists(path) !== present) return false;
  for (const [path, real] of inputs.realpaths) if (realOrNull(fs, path) !== real) return false;
  return true;
}
