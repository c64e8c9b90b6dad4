// Every read of repository content goes through here, so that the real path of what is
// read stays inside the repository in every command. A file indexed as a plain file can
// be replaced afterwards by a link to `~/.ssh/id_rsa`: `similar`, `retrieve` or the next
// index run would otherwise read (and show) it. The file is also stat'ed before it is
// opened: a FIFO swapped in would block the open, a device would never end.

import { closeSync, fstatSync, openSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';

export type RepoRead =
  | { ok: true; bytes: Buffer; stats: Stats }
  | { ok: false; reason: 'missing' | 'outside' | 'not-a-file' | 'too-large' | 'unreadable'; detail: string };

/** Real paths of repository roots, resolved once per process (a root does not move under a run). */
const realRoots = new Map<string, string>();

function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = realpathSync.native(root);
    realRoots.set(root, real);
  }
  return real;
}

function errno(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'error';
}

function contains(top: string, real: string): boolean {
  return real === top || real.startsWith(top.endsWith(sep) ? top : `${top}${sep}`);
}

/** True when `relPath` (repository-relative) resolves, links followed, to a path inside `root`. */
export function insideRepository(root: string, relPath: string): boolean {
  try {
    return contains(realRoot(root), realpathSync.native(join(root, relPath)));
  } catch {
    return false;
  }
}

/**
 * A repository file's bytes. Fails (never throws) when the file is missing, resolves
 * outside the repository, is not a regular file, or is larger than `maxBytes`.
 */
export function readRepoFile(root: string, relPath: string, options: { maxBytes?: number } = {}): RepoRead {
  const absolute = join(root, relPath);
  let real: string;
  let top: string;
  try {
    top = realRoot(root);
    real = realpathSync.native(absolute);
  } catch (error) {
    const code = errno(error);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { ok: false, reason: 'missing', detail: code } : { ok: false, reason: 'unreadable', detail: code };
  }
  if (!contains(top, real)) return { ok: false, reason: 'outside', detail: real };
  try {
    if (!statSync(real).isFile()) return { ok: false, reason: 'not-a-file', detail: real };
    const fd = openSync(real, 'r');
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) return { ok: false, reason: 'not-a-file', detail: real };
      if (options.maxBytes !== undefined && stats.size > options.maxBytes) return { ok: false, reason: 'too-large', detail: `${stats.size} bytes` };
      return { ok: true, bytes: readFileSync(fd), stats };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = errno(error);
    return code === 'ENOENT' ? { ok: false, reason: 'missing', detail: code } : { ok: false, reason: 'unreadable', detail: code };
  }
}

/** readRepoFile's bytes, or null whatever the reason. */
export function repoBytesOrNull(root: string, relPath: string, options: { maxBytes?: number } = {}): Buffer | null {
  const read = readRepoFile(root, relPath, options);
  return read.ok ? read.bytes : null;
}
