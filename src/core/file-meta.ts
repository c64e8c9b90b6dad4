// What the index knows about a file as a whole, beyond its definitions: what the file says
// it is for (its module docstring or leading comment), where it sits (a module name and a
// domain derived from its path), what it defines at the top level and which tests import
// it. Deterministic: the same bytes at the same path give the same record.

import type { FileRecord } from './entities.js';

/** What is derived from one file's path and content alone (stored with the file). */
export interface FileMetaRecord {
  path: string;
  /** The module as the language names it: `sympy.core.basic`, `crate::io::read`, `src/middleware/cors`. */
  module: string;
  /** The area of the code base the file belongs to (its top package folders), null at the root. */
  domain: string | null;
  /** The module docstring or leading comment, first paragraph, cleaned of comment markers; null when none. */
  doc: string | null;
  /** Names defined at the top level, in source order (at most `MAX_TOP_LEVEL_NAMES`). */
  topLevel: string[];
}

/** The record as read back, joined with the file's own facts and the tests that import it. */
export interface FileMetadata extends FileMetaRecord, Pick<FileRecord, 'language' | 'kind' | 'size' | 'lines' | 'isTest' | 'lastCommitAt' | 'commitCount'> {
  /** Test files whose imports resolve to this file, sorted. */
  tests: string[];
}

export const MAX_TOP_LEVEL_NAMES = 40;
export const MAX_MODULE_DOC_CHARS = 400;
