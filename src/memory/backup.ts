// The backup format of `cairn memory export` / `import`: JSON Lines — a header line, then
// one line per row, tables in load order, rows in key order (store/memory.ts DUMP_TABLES).
// The same store always exports the same bytes, so export → import → export is exact.
// Every line is checked before anything is loaded; a bad line names its number.

import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { DUMP_TABLES, type DumpTableName, type MemoryDumpTable, type MemoryStore } from '../store/memory.js';

export const BACKUP_FORMAT = 'cairn-memory';
export const BACKUP_VERSION = 1;

const headerSchema = z.object({ format: z.literal(BACKUP_FORMAT), version: z.literal(BACKUP_VERSION) }).strict();
const tableNames = Object.keys(DUMP_TABLES) as [DumpTableName, ...DumpTableName[]];
const rowSchema = z
  .object({ table: z.enum(tableNames), row: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) })
  .strict();

/** The backup's lines, each without its newline. */
export function* backupLines(store: MemoryStore): Generator<string> {
  yield JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION });
  for (const { table, rows } of store.dump()) {
    for (const row of rows) yield JSON.stringify({ table, row });
  }
}

function badLine(file: string, line: number, what: string): InputError {
  return new InputError('INPUT_INVALID', `${file} line ${line}: ${what}`, { hint: 'import a file written by `cairn memory export`; nothing was imported' });
}

function parseLine(file: string, number: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badLine(file, number, 'not JSON');
  }
}

/** Parses a backup's lines (from a file named `file`, for messages) into tables. */
export async function parseBackup(file: string, lines: AsyncIterable<string>): Promise<MemoryDumpTable[]> {
  const tables = new Map<string, MemoryDumpTable>();
  let number = 0;
  for await (const text of lines) {
    number++;
    if (number === 1) {
      if (!headerSchema.safeParse(parseLine(file, 1, text)).success) throw badLine(file, 1, `not a ${BACKUP_FORMAT} version ${BACKUP_VERSION} header`);
      continue;
    }
    if (text === '') continue;
    const parsed = rowSchema.safeParse(parseLine(file, number, text));
    if (!parsed.success) throw badLine(file, number, 'not a {"table", "row"} line');
    const { table, row } = parsed.data;
    const expected = DUMP_TABLES[table] as readonly string[];
    const columns = Object.keys(row);
    if (columns.length !== expected.length || !expected.every((column) => column in row)) throw badLine(file, number, `the ${table} row does not have the columns ${expected.join(', ')}`);
    if (!tables.has(table)) tables.set(table, { table, rows: [] });
    tables.get(table)!.rows.push(row);
  }
  if (number === 0) throw badLine(file, 1, 'the file is empty');
  return [...tables.values()];
}
