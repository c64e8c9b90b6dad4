// The required-table lists checked at open are exactly what the migrations create, so a
// new migration cannot leave them behind (a table missing from the list would go
// unchecked; one that is not created would make every open fail).

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate, type SchemaName } from './migrations.js';
import { REQUIRED_TABLES, tablesOf } from './schema-tables.js';

const store = { label: 'test database', file: ':memory:', dir: '.', repair: 'Delete it.' };

describe('required tables', () => {
  it.each(Object.keys(REQUIRED_TABLES) as SchemaName[])('of %s are the tables its migrations create', (schema) => {
    const db = new Database(':memory:');
    try {
      migrate(db, store, loadMigrations(schema), schema);
      expect([...tablesOf(db)].sort()).toEqual([...REQUIRED_TABLES[schema]].sort());
    } finally {
      db.close();
    }
  });
});
