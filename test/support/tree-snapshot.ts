// A snapshot of every file under a folder (path → size, mtime, hash), to prove a run
// modified nothing it does not own.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, lstatSync } from 'node:fs';
import { join, relative } from 'node:path';

export function snapshotTree(root: string, skip: (relativePath: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      const rel = relative(root, abs);
      if (skip(rel)) continue;
      const stats = lstatSync(abs);
      if (entry.isDirectory()) {
        out.set(`${rel}/`, `dir ${stats.mtimeMs}`);
        visit(abs);
      } else {
        const hash = entry.isFile() ? createHash('sha256').update(readFileSync(abs)).digest('hex') : 'link';
        out.set(rel, `${stats.size} ${stats.mtimeMs} ${hash}`);
      }
    }
  };
  visit(root);
  return out;
}
