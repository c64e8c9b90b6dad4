// The repository's files as ETV sees them: a stamp from stat (size, mtime and ctime in
// nanoseconds, inode) that changes with every write or replacement a file system records,
// and reads that say whether the file changed while it was read.

import { readFileSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
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

export function diskFileProbe(root: string): FileProbe {
  return {
    stat(path) {
      const stats = statQuietly(join(root, path));
      return stats === null ? null : stampOf(stats);
    },
    read(path) {
      const absolute = join(root, path);
      const before = statQuietly(absolute);
      if (before === null) return null;
      let bytes: Buffer;
      try {
        bytes = readFileSync(absolute);
      } catch {
        return null;
      }
      const after = statQuietly(absolute);
      const stamp = stampOf(before);
      return { bytes, stamp, stable: after !== null && stampOf(after).stamp === stamp.stamp };
    },
  };
}
