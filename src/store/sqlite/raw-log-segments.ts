// The raw log's files. The log is a series of segments — `raw-log.db`, then
// `raw-log.1.db`, `raw-log.2.db`, ... — each an append-only database of its own. Retention
// drops whole segments, oldest first: no row is ever changed or deleted, so what is kept
// is exactly what was written. A segment's name is never reused, so its WAL files can
// never be mistaken for another's, and a reader still holding a dropped segment open
// keeps reading it.
//
// Sequence numbers keep rising across segments: segment n numbers its entries from
// n·2³² + 1 (2³² entries fit in one segment many times over), so they stay ordered even
// when a process that opened an older segment appends to it after a newer one began.

import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './connection.js';

export interface Segment {
  number: number;
  file: string;
}

const SEGMENT_NAME = /^raw-log(?:\.([1-9]\d*))?\.db$/;
const SEQ_SPAN = 2 ** 32;

export function segmentFile(indexDir: string, number: number): string {
  return join(indexDir, number === 0 ? 'raw-log.db' : `raw-log.${number}.db`);
}

/** The segments present, oldest first. */
export function listSegments(indexDir: string): Segment[] {
  let names: string[];
  try {
    names = readdirSync(indexDir);
  } catch {
    return []; // no index directory yet: no log yet
  }
  const segments: Segment[] = [];
  for (const name of names) {
    const match = SEGMENT_NAME.exec(name);
    if (match) segments.push({ number: match[1] === undefined ? 0 : Number(match[1]), file: join(indexDir, name) });
  }
  return segments.sort((a, b) => a.number - b.number);
}

/** Bytes a segment holds on disk: the database and its write-ahead log. */
export function segmentBytes(file: string): number {
  let bytes = 0;
  for (const path of [file, `${file}-wal`]) bytes += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  return bytes;
}

/** Removes a whole segment. A process that has it open keeps reading its (unlinked) files. */
export function dropSegment(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Makes a new segment number its entries from n·2³² + 1. Idempotent, and safe when two
 * processes start the same segment: the check and the write share one write transaction.
 */
export function startNumbering(db: Db, number: number): void {
  if (number === 0) return;
  db.transaction(() => {
    const started = db.prepare("SELECT 1 FROM sqlite_sequence WHERE name = 'entries'").get() !== undefined;
    const empty = db.prepare('SELECT 1 FROM entries LIMIT 1').get() === undefined;
    if (!started && empty) db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('entries', ?)").run(number * SEQ_SPAN);
  }).immediate();
}
