// Backups of the memory tables in PostgreSQL: the same tables, columns and key order as
// the SQLite adapter's (store/memory.ts DUMP_TABLES), so a dump from either loads into the
// other. Loading goes into an empty store, parents first, in one transaction; then the
// identity columns continue from the highest loaded value.

import { ConflictError, InputError } from '../../core/errors.js';
import { DUMP_TABLES, type DumpTableName, type MemoryDumpTable } from '../memory.js';
import type { PgConnection } from './connection.js';

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

/** Identity columns, moved past the loaded rows after a load. */
const IDENTITIES: readonly [DumpTableName, string][] = [['ledger', 'seq'], ['evaluations', 'id'], ['authority', 'seq']];

/** Artifact texts are bytea in PostgreSQL and text in the backup format. */
function columnList(table: DumpTableName): string {
  return DUMP_TABLES[table].map((column) => (table === 'artifacts' && column === 'text' ? "convert_from(text, 'UTF8') AS text" : column)).join(', ');
}

export function dumpPgMemory(db: PgConnection): MemoryDumpTable[] {
  return LOAD_ORDER.map((table) => ({
    table,
    rows: db.query<Record<string, string | number | null>>(`SELECT ${columnList(table)} FROM ${table} ORDER BY ${ORDER_BY[table]}`),
  }));
}

export function isPgMemoryEmpty(db: PgConnection): boolean {
  return LOAD_ORDER.every((table) => db.value<boolean>(`SELECT NOT EXISTS (SELECT 1 FROM ${table})`) === true);
}

/** Called inside a transaction. */
export function loadPgMemory(db: PgConnection, tables: readonly MemoryDumpTable[]): void {
  if (!isPgMemoryEmpty(db)) {
    throw new ConflictError('the memory store already holds data: an import goes into an empty one', {
      hint: 'import into a repository schema that holds no episode memory',
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
    const values = columns.map((column, i) => (table === 'artifacts' && column === 'text' ? `convert_to($${i + 1}, 'UTF8')` : `$${i + 1}`));
    const insert = `INSERT INTO ${table} (${columns.join(', ')}) OVERRIDING SYSTEM VALUE VALUES (${values.join(', ')})`;
    for (const row of byName.get(table)?.rows ?? []) db.run(insert, columns.map((column) => row[column] ?? null));
  }
  for (const [table, column] of IDENTITIES) {
    db.query(`SELECT setval(pg_get_serial_sequence('${table}', '${column}'), max(${column})) FROM ${table} HAVING count(*) > 0`);
  }
}
