// How far the index is behind the disk, without writing anything: a scan against the
// indexed fingerprints, with candidates confirmed by hashing their content.

import { repoBytesOrNull } from '../core/repo-files.js';
import type { IndexConfig } from '../config/schema.js';
import type { CuratedReader, FileFingerprint } from '../store/curated.js';
import { sha256 } from './hash.js';
import { indexedFingerprints, scanRepository } from './scan.js';

export interface PendingChanges {
  added: number;
  changed: number;
  removed: number;
}

export async function pendingChanges(
  root: string,
  indexDir: string,
  config: IndexConfig,
  reader: CuratedReader,
): Promise<PendingChanges> {
  const fingerprints = new Map<string, FileFingerprint>();
  for (const file of reader.files()) fingerprints.set(file.path, { size: file.size, mtimeMs: file.mtimeMs, hash: file.hash });
  const scan = await scanRepository(
    root,
    { maxFileBytes: config.maxFileBytes, includeVendored: config.includeVendored, exclude: config.exclude, indexDir },
    indexedFingerprints(fingerprints),
  );
  let added = 0;
  let changed = 0;
  for (const candidate of scan.candidates) {
    const known = fingerprints.get(candidate.path);
    if (!known) added++;
    else if (contentHash(root, candidate.path) !== known.hash) changed++;
  }
  return { added, changed, removed: scan.deleted.length };
}

function contentHash(root: string, path: string): string | null {
  const bytes = repoBytesOrNull(root, path);
  return bytes === null ? null : sha256(bytes);
}
