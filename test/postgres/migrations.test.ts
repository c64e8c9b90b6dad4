// Migrations on first use, with several processes starting together on an empty schema:
// the advisory lock lets exactly one apply each migration; the others wait and find it
// applied. Without the lock they would run the same CREATE TABLEs at once and fail.

import { afterEach, describe, expect, it } from 'vitest';
import { connectPg } from '../../src/store/postgres/connection.js';
import { loadPgMigrations, migrate, schemaVersion } from '../../src/store/postgres/migrations.js';
import { asSuperuser, dropSchema, freshSchema, migrateInChild, pgUrl } from '../support/postgres.js';

const url = pgUrl();

describe.skipIf(url === null)('postgres: migrations', () => {
  const schemas: string[] = [];
  afterEach(() => {
    for (const schema of schemas.splice(0)) dropSchema(url!, schema);
  });

  it('four processes starting together on an empty schema: one applies each migration, none fails', async () => {
    const schema = freshSchema('mig');
    schemas.push(schema);
    const startAt = Date.now() + 1_500; // after every child has loaded and connected
    const results = await Promise.all([1, 2, 3, 4].map(() => migrateInChild(url!, schema, startAt)));
    const all = loadPgMigrations('repository').map((m) => m.version);
    expect(results.filter((r) => r === `applied ${JSON.stringify(all)} | ok`)).toHaveLength(1);
    expect(results.filter((r) => r === 'applied [] | ok')).toHaveLength(3);
    const rows = asSuperuser(url!, schema, { sql: "SELECT version FROM cairn_migrations WHERE stream = 'repository' ORDER BY version" })[0];
    expect(rows).toEqual(all.map((v) => [v]));
  }, 60_000);

  it('refuses a schema migrated by a newer cairn, and leaves it as it was', () => {
    const schema = freshSchema('mig');
    schemas.push(schema);
    const db = connectPg(url!, { schema });
    try {
      migrate(db, 'repository');
      const newer = loadPgMigrations('repository').length + 1;
      db.run("INSERT INTO cairn_migrations (stream, version, name) VALUES ('repository', $1, 'from_the_future')", [newer]);
      expect(() => migrate(db, 'repository')).toThrow(expect.objectContaining({ code: 'INDEX_TOO_NEW' }));
      expect(schemaVersion(db, 'repository')).toBe(newer);
    } finally {
      db.close();
    }
  });
});
