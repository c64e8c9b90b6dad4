// The artifact vault in PostgreSQL: texts by hash, each stored once, kept as UTF-8 bytea
// (any text, a NUL included). Two writers putting the same hash at once: the second
// insert waits for the first to commit and then does nothing; the texts are then compared,
// so a hash naming two different texts is refused whoever came first.

import { ConflictError } from '../../core/errors.js';
import type { PgConnection } from './connection.js';
import { pgTextArray } from './values.js';

export class PgMemoryVault {
  constructor(
    private readonly db: PgConnection,
    private readonly now: () => number,
  ) {}

  /** Called inside a transaction. */
  put(artifacts: Map<string, string>): void {
    if (artifacts.size === 0) return;
    const at = this.now();
    const hashes = [...artifacts.keys()];
    const texts = hashes.map((hash) => Buffer.from(artifacts.get(hash)!, 'utf8').toString('base64'));
    this.db.run(
      `INSERT INTO artifacts (hash, text, created_at)
       SELECT h, decode(t, 'base64'), $3 FROM unnest($1::text[], $2::text[]) AS a(h, t)
       ON CONFLICT (hash) DO NOTHING`,
      [pgTextArray(hashes), pgTextArray(texts), at],
    );
    const held = this.texts(hashes);
    for (const [hash, text] of artifacts) {
      if (held.get(hash) !== text) {
        throw new ConflictError(`the vault already holds another text under hash ${hash}`, {
          hint: 'two different texts gave the same hash: the vault keeps the first and refuses the second',
        });
      }
    }
  }

  text(hash: string): string | null {
    const bytes = this.db.value<Buffer>('SELECT text FROM artifacts WHERE hash = $1', [hash]);
    return bytes === undefined ? null : bytes.toString('utf8');
  }

  texts(hashes: readonly string[]): Map<string, string> {
    const out = new Map<string, string>();
    if (hashes.length === 0) return out;
    const rows = this.db.query<{ hash: string; text: Buffer }>('SELECT hash, text FROM artifacts WHERE hash = ANY ($1::text[])', [pgTextArray([...new Set(hashes)])]);
    for (const row of rows) out.set(row.hash, row.text.toString('utf8'));
    return out;
  }

  each(visit: (hash: string, text: string) => void): void {
    // Pages of hashes, so a large vault is never one result in memory.
    let after = '';
    for (;;) {
      const rows = this.db.query<{ hash: string; text: Buffer }>('SELECT hash, text FROM artifacts WHERE hash > $1 ORDER BY hash LIMIT 500', [after]);
      for (const row of rows) visit(row.hash, row.text.toString('utf8'));
      if (rows.length < 500) return;
      after = rows[rows.length - 1]!.hash;
    }
  }
}
