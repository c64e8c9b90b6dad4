// Reading the repository's small config files (tsconfig, package.json, go.mod, Cargo.toml)
// whole, for import resolution and the workspace record.

import { repoBytesOrNull } from '../core/repo-files.js';

/** Manifests and configs are small: a larger one is not read whole. */
const MAX_CONTEXT_FILE_BYTES = 4 * 1024 * 1024;

/** The file's text, or null when it is missing, unreadable or too large. */
export function readContextFile(root: string, path: string): string | null {
  return repoBytesOrNull(root, path, { maxBytes: MAX_CONTEXT_FILE_BYTES })?.toString('utf8') ?? null;
}
