// The BM25 totals of the contentless-delete FTS5 tables (fts-totals.ts): SQLite adds every
// inserted row to them and never subtracts a deleted one; the writer does.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexedFile } from '../../../test/conformance/fixtures.js';
import { readVarints, writeVarints } from './fts-totals.js';
import { openSqliteIndexWriter } from './index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-fts-totals-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** [rows, tokens per column] as stored, and as counted from _docsize. */
function totals(table: string): { stored: number[]; counted: number[] } {
  const db = new Database(join(dir, 'index.db'), { readonly: true });
  try {
    const block = db.prepare(`SELECT block FROM ${table}_data WHERE id = 1`).pluck().get() as Buffer;
    const counted = [0, 0];
    for (const size of db.prepare(`SELECT sz FROM ${table}_docsize`).pluck().all() as Buffer[]) {
      counted[0]! += 1;
      readVarints(size).forEach((tokens, at) => (counted[at + 1] = (counted[at + 1] ?? 0) + tokens));
    }
    return { stored: readVarints(block), counted };
  } finally {
    db.close();
  }
}

const file = (path: string, words: string) => indexedFile(path, { text: words });

describe('FTS5 totals', () => {
  it('varints round-trip as FTS5 stores them (big-endian groups of 7 bits)', () => {
    for (const value of [0, 1, 127, 128, 16_383, 16_384, 2 ** 35 + 7, 2 ** 53 - 1]) expect(readVarints(writeVarints([value, 3]))).toEqual([value, 3]);
  });

  it('rewriting and deleting files leaves the totals of the rows that are left, not of every row ever written', () => {
    const writer = openSqliteIndexWriter(dir);
    writer.writeFiles([file('a.py', 'alpha beta gamma'), file('b.py', 'delta'), file('c.py', 'epsilon zeta')]);
    writer.writeFiles([file('a.py', 'alpha')]);
    writer.deleteFiles(['b.py']);
    writer.close();
    const { stored, counted } = totals('files_fts');
    expect(stored).toEqual(counted);
    expect(stored[0]).toBe(2);
  });

  it('a run after an interrupted one counts the totals again (the correction may not have landed)', () => {
    const writer = openSqliteIndexWriter(dir);
    writer.writeFiles([file('a.py', 'alpha beta'), file('b.py', 'gamma')]);
    writer.close();
    // A delete that no writer corrected: what a run killed between its two transactions leaves.
    const db = new Database(join(dir, 'index.db'));
    db.prepare('DELETE FROM files_fts WHERE rowid = (SELECT id FROM files WHERE path = ?)').run('b.py');
    db.close();
    expect(totals('files_fts').stored[0]).toBe(2);
    const next = openSqliteIndexWriter(dir);
    next.repairAfterInterruption();
    next.close();
    const { stored, counted } = totals('files_fts');
    expect(stored).toEqual(counted);
    expect(stored[0]).toBe(1);
  });
});
