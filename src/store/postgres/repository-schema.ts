// Where a repository's shared state lives: one schema per repository, named from the
// repository's name (readable, and unique by a hash of the whole name: two names that
// read alike, e.g. `org/a-b` and `org/a_b`, never share one).

import { createHash } from 'node:crypto';
import { connectPg } from './connection.js';
import { mapPgError } from './errors.js';
import { openMigrated } from './migrations.js';

const SLUG_CHARS = 40;

/** `repo_<slug>_<hash>`: lower case letters, digits and `_`, at most 63 characters. */
export function repositorySchema(repository: string): string {
  const slug = repository.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, SLUG_CHARS);
  const hash = createHash('sha256').update(repository).digest('hex').slice(0, 10);
  return `repo_${slug}_${hash}`;
}

/** Whether the schema exists (a repository whose shared state was ever written); nothing is created. */
export function pgSchemaExists(url: string, schema: string): boolean {
  const db = connectPg(url, { schema: 'public' });
  try {
    return db.value<boolean>('SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)', [schema]) === true;
  } catch (error) {
    throw mapPgError(error, db.target);
  } finally {
    db.close();
  }
}

/** Creates (or brings up to date) a repository's schema, as the role that owns it: serving roles cannot migrate. */
export function migratePgRepository(url: string, schema: string): void {
  openMigrated(url, schema, 'repository', (error, db) => mapPgError(error, db.target)).close();
}
