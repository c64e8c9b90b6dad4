// The repository's files as ETV sees them: a stamp from stat (size, mtime and ctime in
// nanoseconds, inode) that changes with every write or replacement a file system records,
// and reads that say whether the file changed while it was read. Reads go through
// core/repo-files.ts (the real path must stay inside the repository; no FIFOs, devices or
// files over the bound); a stat needs no such check, because swapping a file for a link
// changes its stamp, and the read that follows refuses it.

import { statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { readRepoFile } from '../../core/repo-files.js';
import type { FileProbe, FileStamp } from '../ports.js';

function stampOf(stats: BigIntStats): FileStamp {
  const changedNs = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
  return {
    stamp: `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}`,
    changedAt: Number(changedNs / 1_000_000n),
  };
}

function statQuietly(absolute: string): BigIntStats | null {
  try {
    const stats = statSync(absolute, { bigint: true });
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** `maxBytes`: larger files read as missing (the index does not extract them either: index.maxFileBytes). */
export function diskFileProbe(root: string, maxBytes?: number): FileProbe {
  return {
    stat(path) {
      const stats = statQuietly(join(root, path));
      return stats === null ? null : stampOf(stats);
    },
    read(path) {
      const absolute = join(root, path);
      const before = statQuietly(absolute);
      if (before === null) return null;
      const read = readRepoFile(root, path, maxBytes === undefined ? {} : { maxBytes });
      if (!read.ok) return null;
      const bytes = read.bytes;
      const after = statQuietly(absolute);
      const stamp = stampOf(before);
      return { bytes, stamp, stable: after !== null && stampOf(after).stamp === stamp.stamp };
    },
  };
}
