// What the index knows about a file as a whole, beyond its definitions: what the file says
// it is for (its module docstring or leading comment), where it sits (a module name and a
// domain derived from its path), what it defines at the top level and which tests import
// it. Deterministic: the same bytes at the same path give the same record.

import type { FileKind, Language } from './entities.js';

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

/** The record as read back, joined with the file's facts and the tests that import it. */
export interface FileMetadata extends FileMetaRecord {
  language: Language;
  kind: FileKind;
  size: number;
  lines: number;
  isTest: boolean;
  /** Test files whose imports resolve to this file, sorted. */
  tests: string[];
  /** Unix seconds of the last commit touching the file (mined history), null outside git. */
  lastCommitAt: number | null;
  commitCount: number;
}

export const MAX_TOP_LEVEL_NAMES = 40;
export const MAX_MODULE_DOC_CHARS = 400;
