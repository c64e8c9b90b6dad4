// Damage found inside a store file that SQLite itself does not report as corruption: a
// JSON column that does not decode, or a failed integrity check. It is damage to the
// file (or an edit by hand), not a bug: the error says what was found, and the adapter's
// error mapping (connection.ts) turns it into INDEX_CORRUPT naming the file and the repair.

import type { Db } from './connection.js';

export class StoreDamage extends Error {
  constructor(
    /** What is wrong, completing "The <store> at <file> …". */
    readonly what: string,
    options: { cause?: unknown } = {},
  ) {
    super(what, options);
    this.name = 'StoreDamage';
  }
}

/** JSON.parse of a stored column; `column` names it (and its row) for the error. */
export function parseStoredJson<T>(text: string, column: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new StoreDamage(`holds a row that cannot be read (${column})`, { cause: error });
  }
}

/** How many problems an integrity check lists at most (the first is reported). */
const MAX_PROBLEMS = 10;

/**
 * SQLite's own check of every page: `quick` (O(N), no index-to-table cross-check) where a
 * run can afford it, `full` (PRAGMA integrity_check) when the user asks for it.
 */
export function checkPages(db: Db, depth: 'quick' | 'full'): void {
  const problems = db.prepare(`PRAGMA ${depth === 'quick' ? 'quick_check' : 'integrity_check'}(${MAX_PROBLEMS})`).pluck().all() as string[];
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new StoreDamage(`fails SQLite's integrity check (${problems[0] ?? 'no answer'}${problems.length > 1 ? `, and ${problems.length - 1} more` : ''})`);
}
