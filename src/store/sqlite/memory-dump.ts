// The tracking data as plain rows, for `cairn memory export` / `import`: every table of
// the backup format (store/memory.ts DUMP_TABLES) in key order, so an export of an import
// is the same bytes as the export it came from. Loading goes into an empty store only,
// parents before children, in one transaction.

import { ConflictError, InputError } from '../../core/errors.js';
import { DUMP_TABLES, type DumpTableName, type MemoryDumpTable } from '../memory.js';
import type { StatementCache } from './statements.js';

/** Parents first: the order rows can be inserted in with foreign keys on. */
const LOAD_ORDER: readonly DumpTableName[] = ['artifacts', 'episodes', 'blocks', 'cuts', 'versions', 'ledger', 'evaluations', 'authority'];

const ORDER_BY: Record<DumpTableName, string> = {
  artifacts: 'hash',
  episodes: 'conversation_id, sequence',
  blocks: 'episode_id, position',
  cuts: 'episode_id, position',
  versions: 'entity_key, version',
  ledger: 'seq',
  evaluations: 'id',
  authority: 'seq',
};

export function dumpMemory(sql: StatementCache): MemoryDumpTable[] {
  return LOAD_ORDER.map((table) => ({
    table,
    rows: sql.all<Record<string, string | number | null>>(`SELECT ${DUMP_TABLES[table].join(', ')} FROM ${table} ORDER BY ${ORDER_BY[table]}`),
  }));
}

export function isMemoryEmpty(sql: StatementCache): boolean {
  return LOAD_ORDER.every((table) => sql.value<number>(`SELECT count(*) FROM (SELECT 1 FROM ${table} LIMIT 1)`) === 0);
}

/** Called inside a transaction. */
export function loadMemory(sql: StatementCache, tables: readonly MemoryDumpTable[]): void {
  if (!isMemoryEmpty(sql)) {
    throw new ConflictError('the memory store already holds data: an import goes into an empty one', {
      hint: 'import into an index directory without memory.db (or move that file away first)',
    });
  }
  const byName = new Map(tables.map((entry) => [entry.table, entry]));
  for (const entry of tables) {
    if (!(LOAD_ORDER as readonly string[]).includes(entry.table)) {
      throw new InputError('INPUT_INVALID', `the backup holds an unknown table "${entry.table}"`, { hint: 'use a file written by `cairn memory export`' });
    }
  }
  for (const table of LOAD_ORDER) {
    const columns = DUMP_TABLES[table];
    const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    for (const row of byName.get(table)?.rows ?? []) sql.run(insert, ...columns.map((column) => row[column] ?? null));
  }
}
