// BM25 totals of the contentless-delete FTS5 tables. SQLite (3.43–3.53 at least) does not
// subtract a row deleted from such a table from the totals bm25() reads — the row count
// and the tokens per column, kept in the "averages" record (id 1 of <table>_data) — while
// it adds every inserted row. Each rewrite of a file grew them, so an index kept up to
// date scored differently from a fresh index of the same files, and drifted further with
// every edit. The writer notes each deleted row's size (its _docsize row, read before the
// delete) and, once the transaction is committed and FTS5 has saved its own totals,
// subtracts them in a transaction of its own.
//
// The correction is checked against the truth before it is written: the row count must
// then equal the number of _docsize rows. When it already does (a SQLite that keeps the
// totals itself) nothing is subtracted; when it would not (a run that died between the
// two transactions), the totals are counted again from _docsize, which is exact.

import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';

/** The contentless-delete FTS5 tables of index.db, with their column counts. */
export const FTS_COLUMN_COUNTS: Readonly<Record<string, number>> = { files_fts: 2, symbols_fts: 6, docs_fts: 3, commits_fts: 1, file_meta_fts: 4 };

interface Totals {
  rows: number;
  sizes: number[];
}

/** FTS5 stores SQLite's record varints: big-endian groups of 7 bits, the ninth byte whole. */
export function readVarints(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let at = 0; at < bytes.length; ) {
    let value = 0;
    for (let length = 1; ; length++) {
      const byte = bytes[at++]!;
      if (length === 9) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0 || at >= bytes.length) break;
    }
    out.push(value);
  }
  return out;
}

export function writeVarints(values: readonly number[]): Buffer {
  const bytes: number[] = [];
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0 || value >= 2 ** 56) throw new RangeError(`cannot encode ${value} as an FTS5 varint`);
    const groups: number[] = [];
    for (let rest = value; ; rest = Math.floor(rest / 128)) {
      groups.unshift(rest % 128);
      if (rest < 128) break;
    }
    groups.forEach((group, at) => bytes.push(at < groups.length - 1 ? group | 0x80 : group));
  }
  return Buffer.from(bytes);
}

function storedTotals(db: Db, table: string, columns: number): Totals | null {
  const block = db.prepare(`SELECT block FROM ${table}_data WHERE id = 1`).pluck().get() as Buffer | undefined;
  if (block === undefined) return null;
  const [rows = 0, ...sizes] = readVarints(block);
  return { rows, sizes: Array.from({ length: columns }, (_, at) => sizes[at] ?? 0) };
}

function countedTotals(db: Db, table: string, columns: number): Totals {
  const totals: Totals = { rows: 0, sizes: new Array<number>(columns).fill(0) };
  for (const size of db.prepare(`SELECT sz FROM ${table}_docsize`).pluck().iterate() as IterableIterator<Buffer>) {
    totals.rows += 1;
    readVarints(size).forEach((tokens, at) => {
      if (at < columns) totals.sizes[at]! += tokens;
    });
  }
  return totals;
}

function save(db: Db, table: string, totals: Totals): void {
  // An empty table's record is empty, as FTS5 writes it for a new table.
  const empty = totals.rows === 0 && totals.sizes.every((size) => size === 0);
  // FTS5's shadow tables are written only by FTS5 unless the connection says otherwise.
  db.unsafeMode(true);
  try {
    db.prepare(`INSERT OR REPLACE INTO ${table}_data (id, block) VALUES (1, ?)`).run(empty ? Buffer.alloc(0) : writeVarints([totals.rows, ...totals.sizes]));
  } finally {
    db.unsafeMode(false);
  }
}

/** Deleted rows' sizes per table, noted while a write transaction runs. */
export class FtsDeletions {
  private pending = new Map<string, Totals>();
  private readonly lookups = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  /** Call just before `DELETE FROM <table> WHERE rowid = ?`. */
  note(table: string, rowid: number): void {
    let lookup = this.lookups.get(table);
    if (lookup === undefined) {
      lookup = this.db.prepare(`SELECT sz FROM ${table}_docsize WHERE id = ?`).pluck();
      this.lookups.set(table, lookup);
    }
    const size = lookup.get(rowid) as Buffer | undefined;
    if (size === undefined) return;
    const columns = FTS_COLUMN_COUNTS[table] ?? 0;
    const totals = this.pending.get(table) ?? { rows: 0, sizes: new Array<number>(columns).fill(0) };
    totals.rows += 1;
    readVarints(size).forEach((tokens, at) => {
      if (at < columns) totals.sizes[at]! += tokens;
    });
    this.pending.set(table, totals);
  }

  /** For a transaction that may roll back: what to go back to. */
  snapshot(): Map<string, Totals> {
    return new Map([...this.pending].map(([table, totals]) => [table, { rows: totals.rows, sizes: [...totals.sizes] }]));
  }

  restore(snapshot: Map<string, Totals>): void {
    this.pending = snapshot;
  }

  /** After the transaction that deleted the rows has committed: corrects the stored totals. */
  correct(): void {
    if (this.pending.size === 0) return;
    const pending = this.pending;
    this.pending = new Map();
    this.db.transaction(() => {
      for (const [table, deleted] of pending) correctTable(this.db, table, deleted);
    }).immediate();
  }
}

function correctTable(db: Db, table: string, deleted: Totals): void {
  const columns = FTS_COLUMN_COUNTS[table] ?? deleted.sizes.length;
  const stored = storedTotals(db, table, columns);
  const actualRows = db.prepare(`SELECT count(*) FROM ${table}_docsize`).pluck().get() as number;
  if (stored !== null && stored.rows === actualRows) return; // already right
  const corrected = stored === null ? null : { rows: stored.rows - deleted.rows, sizes: stored.sizes.map((size, at) => size - (deleted.sizes[at] ?? 0)) };
  const exact = corrected !== null && corrected.rows === actualRows && corrected.sizes.every((size) => size >= 0);
  save(db, table, exact ? corrected : countedTotals(db, table, columns));
}

/** Counts every table's totals again from _docsize (after a run that may have died between the two transactions). */
export function recountFtsTotals(db: Db): void {
  db.transaction(() => {
    for (const [table, columns] of Object.entries(FTS_COLUMN_COUNTS)) {
      const stored = storedTotals(db, table, columns);
      const counted = countedTotals(db, table, columns);
      if (stored === null ? counted.rows > 0 : stored.rows !== counted.rows || stored.sizes.some((size, at) => size !== counted.sizes[at])) save(db, table, counted);
    }
  }).immediate();
}
